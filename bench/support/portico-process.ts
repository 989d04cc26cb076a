// Starts the production build (scripts/serve.ts) as its own process on a free port with a fresh data
// folder, as `npm start` would, and prepares a signed-up user, an organization, a project and an API key.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const thisCheckout = path.resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface PorticoProcess {
  baseUrl: string;
  apiKey: string;
  pid: number;
  /** The data folder (embedded database), kept by kill() for reading afterwards. */
  dataDir: string;
  /** SIGTERM, a clean stop; the data folder is removed unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** kill -9: no flush, no clean close; the data folder stays. */
  kill(): Promise<void>;
}

async function waitUntilReady(child: ChildProcess): Promise<void> {
  let output = "";
  await new Promise<void>((resolve, reject) => {
    // BENCH_START_TIMEOUT_MS: on a machine shared with other work, a first start (the embedded
    // database's initdb and migrations) took over a minute.
    const timeoutMs = Number(process.env.BENCH_START_TIMEOUT_MS ?? 180_000);
    const timer = setTimeout(() => reject(new Error(`Portico did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Portico is running at")) {
        clearTimeout(timer);
        // Later output (the log, with BENCH_OBSERVABILITY=on a line per call) is read and dropped,
        // not kept in this process.
        child.stdout?.off("data", onData);
        child.stderr?.off("data", onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`Portico exited (${code}):\n${output}`)));
  });
}

async function call(
  baseUrl: string,
  cookie: string,
  procedure: string,
  input: unknown,
): Promise<{ json: unknown; cookie: string }> {
  const response = await fetch(`${baseUrl}${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, cookie },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`${procedure}: ${response.status} ${await response.text()}`);
  const setCookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { json: await response.json(), cookie: setCookie || cookie };
}

/** tRPC mutations answer { result: { data: { json } } } with superjson. */
const dataOf = (body: unknown) =>
  (body as { result: { data: { json: Record<string, string> } } }).result.data.json;

/**
 * `root` is the checkout whose build runs (another revision's, for BENCH_BASELINE); its own
 * server-node-flags.ts gives the flags, as its `npm start` would. `existingDataDir` starts it on a
 * data folder a previous start left (stop({ keepData: true })) instead of a new one.
 */
export async function startPortico(
  env: Record<string, string> = {},
  root: string = thisCheckout,
  existingDataDir?: string,
): Promise<PorticoProcess> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = existingDataDir ?? mkdtempSync(path.join(tmpdir(), "portico-bench-"));
  const node = path.join(root, "node_modules/.bin/node");
  const flags = execFileSync(node, [path.join(root, "scripts/server-node-flags.ts")], { encoding: "utf8" })
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const serve = [...flags, path.join(root, "scripts/serve.ts")];
  const child = spawn(node, serve, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      APP_ENV: "test",
      // The bench user is a site admin so it can put its organization on a plan whose quota the
      // benchmark's calls never reach (Free's 30,000 would refuse most of them).
      ADMIN_EMAILS: `bench-${port}@example.test`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  process.once("exit", () => child.kill("SIGKILL"));
  // BENCH_SERVER_LOG keeps what Portico prints (with NODE_OPTIONS=--trace-gc, its GC pauses) in a file.
  const logFile = process.env.BENCH_SERVER_LOG;
  if (logFile) {
    const log = createWriteStream(logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  await waitUntilReady(child);

  const { cookie } = await call(baseUrl, "", "/api/auth/sign-up/email", {
    name: "Bench",
    email: `bench-${port}@example.test`,
    password: "bench-password-1234",
  });
  const organization = dataOf(
    (await call(baseUrl, cookie, "/api/trpc/organization.create", { json: { name: "Bench" } })).json,
  );
  await call(baseUrl, cookie, "/api/trpc/admin.setOrganizationPlan", {
    json: { organizationId: organization.id, plan: "business", interval: "monthly" },
  });
  const project = dataOf(
    (
      await call(baseUrl, cookie, "/api/trpc/project.create", {
        json: { organizationId: organization.id, name: "Bench" },
      })
    ).json,
  );
  const key = dataOf(
    (
      await call(baseUrl, cookie, "/api/trpc/apiKeys.create", {
        json: { projectId: project.id, name: "bench" },
      })
    ).json,
  );
  return {
    baseUrl,
    apiKey: key.secret as string,
    pid: child.pid ?? 0,
    dataDir,
    async kill() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
    async stop(options = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
