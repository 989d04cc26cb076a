// Runs the production build (`scripts/serve.ts`) as a child process, the way `npm start` does, on a
// free port with its own data folder — or its own PostgreSQL database when DATABASE_URL is set.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.ts";
import { createScratchDatabase, type ScratchDatabase } from "./database.ts";
import { migratedDataDir, migratedPostgresTemplate } from "./template-database.ts";

const root = path.resolve(import.meta.dirname, "../..");
const nodeBinary = path.join(root, "node_modules/.bin/node");
const READY_LINE = "Portico is running at";
const READY_TIMEOUT_MS = 60_000;
/** For a beforeAll that starts a server: longer than the ready timeout, so its own message wins. */
export const SERVER_HOOK_TIMEOUT = READY_TIMEOUT_MS + 30_000;

export interface ServerOptions {
  /** Extra environment; wins over everything below. */
  env?: Record<string, string>;
  /** Use this database instead of a fresh one (to restart on the same data). */
  databaseUrl?: string;
  /** Use this PGlite data folder instead of a fresh temp one (ignored with a database URL). */
  dataDir?: string;
  readyTimeoutMs?: number;
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  /** The process's id (with WEB_CONCURRENCY above 1, the supervisor's). */
  pid: number;
  /** Everything the server printed so far (stdout and stderr interleaved). */
  output(): string;
  /** SIGTERM, wait for exit, then remove what startServer created. Resolves to the exit code. */
  stop(): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

// Variables that must not leak into a server under test: the developer's own settings, and the test
// runner's markers (Better Auth turns its origin/CSRF checks off when NODE_ENV=test or TEST is set).
const LEAKY = /^(DATABASE_URL|PORT|BASE_URL|DATA_DIR|ADMIN_EMAILS|NODE_ENV|TEST|VITEST.*)$/;
const inheritedEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !LEAKY.test(name)));

function spawnServe(env: Record<string, string | undefined>): { child: ChildProcess; output: () => string } {
  const child = spawn(nodeBinary, [...SERVER_NODE_FLAGS, path.join(root, "scripts/serve.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A test worker that dies without calling stop() must not leave a server holding a port.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  let text = "";
  child.stdout?.on("data", (chunk) => {
    text += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  return { child, output: () => text };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const ownDataDir = options.dataDir ? null : mkdtempSync(path.join(tmpdir(), "portico-server-"));
  // A copy of the run's migrated template (template-database.global.ts); a caller's own dataDir, as
  // the restart test's new folder, is used as it is.
  const templateDataDir = migratedDataDir();
  if (ownDataDir && templateDataDir) cpSync(templateDataDir, ownDataDir, { recursive: true });
  let scratch: ScratchDatabase | null = null;
  if (!options.databaseUrl && process.env.DATABASE_URL) {
    scratch = await createScratchDatabase(process.env.DATABASE_URL, migratedPostgresTemplate());
  }
  const databaseUrl = options.databaseUrl ?? scratch?.url;
  const cleanUp = async () => {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    await scratch?.drop();
  };

  const { child, output } = spawnServe({
    ...inheritedEnv(),
    PORT: String(port),
    BASE_URL: baseUrl,
    APP_ENV: "test",
    DATA_DIR: options.dataDir ?? ownDataDir ?? undefined,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });

  const timeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
      const onData = () => {
        if (output().includes(READY_LINE)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on("data", onData);
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`exited before ready (code ${code}, signal ${signal})`));
      });
      child.once("error", reject);
    });
  } catch (error) {
    child.kill("SIGKILL");
    await exitOf(child);
    await cleanUp();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Server at ${baseUrl} failed to start: ${reason}\n--- server output ---\n${output()}`);
  }

  let stopped: Promise<number | null> | null = null;
  return {
    baseUrl,
    port,
    pid: child.pid ?? 0,
    output,
    stop() {
      stopped ??= (async () => {
        child.kill("SIGTERM");
        const code = await exitOf(child);
        await cleanUp();
        return code;
      })();
      return stopped;
    },
  };
}

/** Runs the server with `env` expecting it to exit by itself (bad configuration); kills it after the timeout. */
export async function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portico-server-"));
  const { child, output } = spawnServe({ ...inheritedEnv(), APP_ENV: "test", DATA_DIR: dataDir, ...env });
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  try {
    const code = await exitOf(child);
    return { code, output: output() };
  } finally {
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
