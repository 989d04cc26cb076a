// `docker compose up` with deploy/compose.yaml as a user runs it: Portico (PORTICO_IMAGE, reused, not
// rebuilt) on the compose file's own PostgreSQL (POSTGRES_IMAGE: deploy/scripts/build-postgres.sh's
// where no registry can be reached), its env file, its named volumes. Up, /readyz 200, a key made
// and a tool call through /mcp, the call in the compose database's call log, then `down -v`.
// Needs a Docker daemon (DOCKER_HOST), PORTICO_IMAGE and COMPOSE (the Compose v2 command,
// deploy/scripts/compose-v2.sh); COMPOSE_HOST_NETWORK=1 adds deploy/compose.host-network.yaml (for a
// daemon that cannot make networks). deploy/scripts/ci-image.sh provides the rest; without the
// override the compose file's own network is used, Portico published on PORTICO_PORT as for a user.

import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SETUP_CODE_HEADER } from "~/lib/instance-setup.ts";
import { HttpClient } from "../support/http-client.ts";
import { freePort } from "../support/server.ts";
import { newUser } from "../support/users.ts";

const run = promisify(execFile);
const image = process.env.PORTICO_IMAGE;
const compose = process.env.COMPOSE?.split(" ").filter(Boolean) ?? [];
const root = path.resolve(import.meta.dirname, "../..");
const files = ["deploy/compose.yaml"];
if (process.env.COMPOSE_HOST_NETWORK === "1") files.push("deploy/compose.host-network.yaml");
const project = `portico-ci-${randomBytes(3).toString("hex")}`;
const UP_TIMEOUT_MS = 180_000;

let workDir = "";
let env: NodeJS.ProcessEnv = {};
let baseUrl = "";

async function composeRun(...args: string[]): Promise<string> {
  const [command = "docker", ...prefix] = compose;
  const fileArgs = files.flatMap((file) => ["-f", path.join(root, file)]);
  const { stdout } = await run(command, [...prefix, "-p", project, ...fileArgs, ...args], {
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout.trim();
}

async function status(url: string): Promise<number> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

describe.skipIf(!image || compose.length === 0)("docker compose up with deploy/compose.yaml", () => {
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), "portico-compose-"));
    const portico = await freePort();
    baseUrl = `http://localhost:${portico}`;
    // deploy/portico.env.example filled in, as its comments say.
    const envFile = path.join(workDir, "portico.env");
    await writeFile(
      envFile,
      [
        `BASE_URL=${baseUrl}`,
        `BETTER_AUTH_SECRET=${randomBytes(32).toString("base64")}`,
        `ENCRYPTION_KEYS=v1:${randomBytes(32).toString("base64")}`,
        "LOG_LEVEL=warn",
        "",
      ].join("\n"),
    );
    env = {
      ...process.env,
      PORTICO_IMAGE: image,
      PORTICO_ENV_FILE: envFile,
      PORTICO_PORT: String(portico),
      POSTGRES_PORT: String(await freePort()),
      POSTGRES_PASSWORD: randomBytes(12).toString("hex"),
    };
    // No build and no pull: the image CI built, and PostgreSQL from POSTGRES_IMAGE or the local store.
    await composeRun("up", "--detach", "--no-build", "--pull", "never");
    await vi
      .waitFor(async () => expect(await status(`${baseUrl}/readyz`)).toBe(200), {
        timeout: UP_TIMEOUT_MS,
        interval: 500,
      })
      .catch(async (error) => {
        const logs = await composeRun("logs", "--tail", "60").catch((failure) => String(failure));
        throw new Error(`compose never became ready: ${error}\n${logs}`);
      });
  }, UP_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    // `down -v` is part of what is tested (the last test); this only cleans up after a failure.
    await composeRun("down", "--volumes", "--timeout", "20").catch(() => undefined);
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("answers a tool call on /mcp with a key made on the instance, and logs it in its PostgreSQL", async () => {
    // From outside the container's network the first sign-up needs the setup code the server prints
    // at start, read from its log as the person setting it up would (host networking needs none).
    let setupCode = "";
    await vi.waitFor(
      async () => {
        const logs = await composeRun("logs", "portico");
        setupCode = /setup code ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(logs)?.[1] ?? "";
        expect(setupCode).not.toBe("");
      },
      { timeout: 20_000, interval: 500 },
    );
    const owner = new HttpClient(baseUrl);
    const signUp = await owner.postJson("/api/auth/sign-up/email", newUser("compose"), {
      [SETUP_CODE_HEADER]: setupCode,
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const org = await owner.mutate<{ id: string }>("organization.create", { name: "Compose" });
    const created = await owner.mutate<{ id: string }>("project.create", {
      organizationId: org.id,
      name: "Compose",
    });
    const key = await owner.mutate<{ id: string; secret: string }>("apiKeys.create", {
      projectId: created.id,
      name: "compose",
    });
    const response = await fetch(`${baseUrl}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key.secret}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "calculate", arguments: { expression: "6*7" } },
      }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const message = JSON.parse(text);
    expect(message.result?.isError, text).not.toBe(true);
    expect(String(message.result?.content?.[0]?.text)).toContain("42");
    // The row is in the compose file's PostgreSQL (not an embedded database in the container).
    await expect
      .poll(
        () =>
          composeRun(
            "exec",
            "-T",
            "postgres",
            "psql",
            "-U",
            "portico",
            "-d",
            "portico",
            "-Atc",
            `select count(*) from tool_call where api_key_id = '${key.id}'`,
          ),
        { timeout: 10_000 },
      )
      .toBe("1");
  });

  it("removes its containers and named volumes with `down -v`", async () => {
    const volumes = () =>
      run("docker", ["volume", "ls", "--quiet", "--filter", `label=com.docker.compose.project=${project}`], {
        env,
      }).then(({ stdout }) => stdout.trim().split("\n").filter(Boolean));
    expect((await volumes()).length).toBe(2);
    await composeRun("down", "--volumes", "--timeout", "20");
    expect(await volumes()).toEqual([]);
    expect(await composeRun("ps", "--all", "--quiet")).toBe("");
  });
});
