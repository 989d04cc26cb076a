// The container image as a cluster runs it: two containers of PORTICO_IMAGE (deploy/Dockerfile, built
// by deploy/scripts/build-image.sh) on one PostgreSQL database behind a round-robin proxy that sends
// only to replicas whose /readyz answers, as a Kubernetes Service does. Each container is started the
// way deploy/k8s/deployment.yaml starts a pod: the image's own command, APP_ENV=production with the
// secrets from the environment, SHUTDOWN_DELAY_MS above the probe interval, SIGTERM to stop.
// Needs a Docker daemon (DOCKER_HOST), PORTICO_IMAGE and DATABASE_URL; `.ci/run` provides all three
// through deploy/scripts/ci-image.sh.

import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { promisify } from "node:util";
import pg from "pg";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../support/database.ts";
import { HttpClient } from "../support/http-client.ts";
import { freePort } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { type ReadyProxy, startReadyProxy } from "./ready-proxy.ts";

const run = promisify(execFile);
const image = process.env.PORTICO_IMAGE;
const serverUrl = process.env.DATABASE_URL;
/** What deploy/k8s/deployment.yaml sets: longer than the proxy's (and the kubelet's) probe interval. */
const SHUTDOWN_DELAY_MS = 2_000;
const START_TIMEOUT_MS = 180_000;
/** Concurrent callers during the rolling restart (ROLLING_CALLERS overrides, to load it harder). */
const CALLERS = Number(process.env.ROLLING_CALLERS ?? 8);

const secrets = {
  BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
  ENCRYPTION_KEYS: `v1:${randomBytes(32).toString("base64")}`,
};

interface Replica {
  name: string;
  port: number;
  url: string;
}

let scratch: ScratchDatabase | undefined;
let proxy: ReadyProxy | undefined;
const replicas: Replica[] = [];
const containers = new Set<string>();
let owner: HttpClient;
let projectId = "";
/**
 * A site admin, who puts the organization on the Business plan: on a quiet machine the rolling restart
 * makes more calls than the Free plan's 30,000 a month, and the test is about losing none, not quotas.
 */
const ownerUser = newUser("deploy");

async function docker(...args: string[]): Promise<string> {
  const { stdout } = await run("docker", args, { maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

async function startReplica(label: string, port: number): Promise<Replica> {
  const name = `portico-test-${label}-${randomBytes(3).toString("hex")}`;
  await docker(
    "run",
    "--detach",
    "--name",
    name,
    // The host's network: the container reaches the local PostgreSQL on 127.0.0.1 as pods reach theirs.
    "--network",
    "host",
    // deploy/k8s/deployment.yaml's securityContext: read-only root, scratch /tmp and /data, no capabilities.
    "--read-only",
    "--tmpfs",
    "/tmp",
    "--tmpfs",
    "/data",
    "--cap-drop",
    "ALL",
    "--security-opt",
    "no-new-privileges",
    "--env",
    `PORT=${port}`,
    "--env",
    `BASE_URL=${proxy?.url}`,
    "--env",
    `DATABASE_URL=${scratch?.url}`,
    "--env",
    `BETTER_AUTH_SECRET=${secrets.BETTER_AUTH_SECRET}`,
    "--env",
    `ENCRYPTION_KEYS=${secrets.ENCRYPTION_KEYS}`,
    "--env",
    `SHUTDOWN_DELAY_MS=${SHUTDOWN_DELAY_MS}`,
    "--env",
    "LOG_LEVEL=warn",
    "--env",
    `ADMIN_EMAILS=${ownerUser.email}`,
    image as string,
  );
  containers.add(name);
  const replica = { name, port, url: `http://127.0.0.1:${port}` };
  await vi
    .waitFor(async () => expect(await status(`${replica.url}/readyz`)).toBe(200), {
      timeout: START_TIMEOUT_MS,
      interval: 250,
    })
    .catch(async (error) => {
      throw new Error(`${name} never became ready: ${error}\n${await logs(name)}`);
    });
  return replica;
}

/** SIGTERM, as a rolling update sends it, then waits for the container's exit code. */
async function stopReplica(replica: Replica): Promise<number> {
  await docker("kill", "--signal", "SIGTERM", replica.name);
  const code = Number(await docker("wait", replica.name));
  if (code !== 0) throw new Error(`${replica.name} exited ${code}\n${await logs(replica.name)}`);
  await docker("rm", replica.name);
  containers.delete(replica.name);
  return code;
}

async function logs(name: string): Promise<string> {
  const { stdout, stderr } = await run("docker", ["logs", "--tail", "60", name]).catch((error) => error);
  return `--- ${name} ---\n${stdout ?? ""}${stderr ?? ""}`;
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

/** A tRPC mutation sent to one replica directly, as the browser of someone signed in at BASE_URL. */
async function mutateOn<T>(replica: Replica, procedure: string, input: unknown): Promise<T> {
  const response = await fetch(`${replica.url}/api/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: owner.cookieHeader(), origin: owner.baseUrl },
    body: superjson.stringify(input),
  });
  const body = await response.json();
  if (!response.ok)
    throw new Error(`${procedure} on ${replica.name}: ${response.status} ${JSON.stringify(body)}`);
  return superjson.deserialize<T>(body.result.data);
}

interface CallOutcome {
  status: number;
  text: string;
}

/**
 * A plain tools/call. Host is the public one (BASE_URL's), as the Ingress passes it on, also when the
 * call goes to one replica directly: the gateway refuses other hosts.
 */
function toolCall(baseUrl: string, key: string, id: number): Promise<CallOutcome> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "calculate", arguments: { expression: `${id}*2` } },
  });
  const target = new URL("/mcp", baseUrl);
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: "POST",
        headers: {
          host: new URL(proxy?.url as string).host,
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", (error) => resolve({ status: 0, text: String(error) }));
      },
    );
    req.on("error", (error) => resolve({ status: 0, text: String(error) }));
    req.end(body);
  });
}

/**
 * What a failed call got, in classes that point at the cause: the load balancer finding no ready
 * replica, its connection to a replica refused or reset, a replica's own refusal (status), the call
 * log too busy to take the call, or another tool error.
 */
function failureClass(outcome: CallOutcome): string {
  if (outcome.status === 0) return `client: ${outcome.text.slice(0, 80)}`;
  if (outcome.text.startsWith("no ready backend")) return "proxy: no ready backend";
  const proxied = /^proxy: [^:]+: (\S+)/.exec(outcome.text);
  if (proxied) return `proxy ${outcome.status}: ${proxied[1]}`;
  if (outcome.status !== 200) return `replica ${outcome.status}`;
  return outcome.text.includes("busy recording earlier calls") ? "call log busy" : "tool error";
}

function answered(outcome: CallOutcome, id: number): boolean {
  if (outcome.status !== 200) return false;
  const message = JSON.parse(outcome.text);
  return (
    message.result?.isError !== true && String(message.result?.content?.[0]?.text).includes(String(id * 2))
  );
}

async function createKey(name: string): Promise<{ id: string; secret: string }> {
  return owner.mutate<{ id: string; secret: string }>("apiKeys.create", { projectId, name });
}

async function loggedCalls(apiKeyId: string): Promise<number> {
  const client = new pg.Client({ connectionString: scratch?.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from tool_call where api_key_id = $1",
      [apiKeyId],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

describe.skipIf(!image || !serverUrl)("the container image, two replicas behind a load balancer", () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl as string);
    proxy = await startReadyProxy(await freePort());
    const ports = [await freePort(), await freePort()];
    // Together, as a new Deployment's pods start: one applies the migrations under the advisory
    // lock, the other waits for it and finds them applied.
    replicas.push(
      ...(await Promise.all(ports.map((port, index) => startReplica(String.fromCharCode(97 + index), port)))),
    );
    for (const replica of replicas) proxy.add(replica.url);
    await vi.waitFor(() => expect(proxy?.readyCount()).toBe(2), { timeout: 10_000 });
    owner = new HttpClient(proxy.url);
    await owner.signUp(ownerUser);
    const org = await owner.mutate<{ id: string }>("organization.create", { name: "Deploy" });
    await owner.mutate("admin.setOrganizationPlan", {
      organizationId: org.id,
      plan: "business",
      interval: "monthly",
    });
    const project = await owner.mutate<{ id: string }>("project.create", {
      organizationId: org.id,
      name: "Deploy",
    });
    projectId = project.id;
  }, START_TIMEOUT_MS * 3);

  afterAll(async () => {
    for (const name of containers) await docker("rm", "--force", name).catch(() => undefined);
    await proxy?.close();
    await scratch?.drop();
  });

  it("answers /readyz and a tool call on /mcp on each replica", async () => {
    const key = await createKey("probe");
    for (const replica of replicas) {
      expect(await status(`${replica.url}/healthz`)).toBe(200);
      expect(await status(`${replica.url}/readyz`)).toBe(200);
      const outcome = await toolCall(replica.url, key.secret, 21);
      expect(answered(outcome, 21), `${outcome.status} ${outcome.text}`).toBe(true);
    }
    // The image runs as its unprivileged user.
    const [first] = replicas;
    expect(await docker("exec", first?.name ?? "", "id", "-u")).toBe("10001");
  });

  it("refuses a key revoked on one replica on the other at once", async () => {
    const [a, b] = replicas as [Replica, Replica];
    const key = await createKey("to revoke");
    // Both replicas have the key cached.
    expect(answered(await toolCall(a.url, key.secret, 1), 1)).toBe(true);
    expect(answered(await toolCall(b.url, key.secret, 2), 2)).toBe(true);
    await mutateOn(a, "apiKeys.revoke", { projectId, keyId: key.id });
    const refused = await toolCall(b.url, key.secret, 3);
    expect(refused.status).toBe(401);
  });

  it(
    "loses no call and no call-log row in a rolling restart of both replicas",
    async () => {
      const key = await createKey("rolling");
      const outcomes: { id: number; outcome: CallOutcome; at: number }[] = [];
      // When each call ended and each step of the rollout happened, ms from here: a failure's time
      // next to the steps tells which one lost it.
      const t0 = performance.now();
      const since = () => Math.round(performance.now() - t0);
      const steps: string[] = [];
      const saidDraining: boolean[] = [];
      let nextId = 1;
      let running = true;
      // Callers one call after another through the load balancer, throughout the restarts.
      const callers = Array.from({ length: CALLERS }, async () => {
        while (running) {
          const id = nextId++;
          const outcome = await toolCall(proxy?.url as string, key.secret, id);
          outcomes.push({ id, outcome, at: since() });
        }
      });
      // Replace each replica in turn: the new one is ready before the old one gets SIGTERM.
      for (const [index, old] of [...replicas].entries()) {
        await expect.poll(() => outcomes.length, { timeout: 10_000 }).toBeGreaterThan(50 * (index + 1));
        steps.push(`${since()} starting the replacement of ${old.name}`);
        const fresh = await startReplica(`${String.fromCharCode(97 + index)}2`, await freePort());
        proxy?.add(fresh.url);
        steps.push(`${since()} ${fresh.name} ready, added`);
        await expect.poll(() => proxy?.readyCount(), { timeout: 10_000 }).toBe(3);
        const servedBefore = proxy?.served(old.url) ?? 0;
        steps.push(`${since()} SIGTERM to ${old.name}`);
        await stopReplica(old);
        steps.push(`${since()} ${old.name} exited`);
        // Its /readyz said "draining" to the load balancer before its listener closed.
        saidDraining.push(proxy?.sawDraining(old.url) ?? false);
        proxy?.remove(old.url);
        replicas[index] = fresh;
        // The old replica took calls while the new one existed: the stop really drained traffic.
        expect(servedBefore).toBeGreaterThan(0);
      }
      const total = outcomes.length;
      await expect.poll(() => outcomes.length, { timeout: 10_000 }).toBeGreaterThan(total + 50);
      running = false;
      await Promise.all(callers);

      const failed = outcomes.filter(({ id, outcome }) => !answered(outcome, id));
      const classes = new Map<string, number>();
      for (const { outcome } of failed) {
        const name = failureClass(outcome);
        classes.set(name, (classes.get(name) ?? 0) + 1);
      }
      // The running replicas write theirs within a flush interval: wait for that before counting.
      const answeredCount = outcomes.length - failed.length;
      await vi
        .waitFor(async () => expect(await loggedCalls(key.id)).toBeGreaterThanOrEqual(answeredCount), {
          timeout: 10_000,
        })
        .catch(() => undefined);
      const rows = await loggedCalls(key.id);
      console.log(
        `rolling restart, ${CALLERS} callers: ${outcomes.length} calls, ${failed.length} failed` +
          `${[...classes].map(([name, count]) => `\n  ${count} × ${name}`).join("")}; ` +
          `${rows} call-log rows for ${answeredCount} answered calls; ` +
          `${proxy?.retries()} connections refused and sent elsewhere\n${steps.join("\n")}`,
      );
      expect(
        failed.map(({ outcome, at }) => `${at} ms: ${outcome.status} ${outcome.text.slice(0, 200)}`),
        `${failed.length} of ${outcomes.length} calls failed; the rollout:\n${steps.join("\n")}\nthe load balancer's rotation:\n${proxy?.history().join("\n")}`,
      ).toEqual([]);
      // Every answered call is in the call log: the stopped replicas wrote theirs before exiting, the
      // running ones within their flush interval.
      expect(rows).toBe(outcomes.length);
      expect(saidDraining).toEqual([true, true]);
      // For docs/deploy.md's sizing: each replica's memory right after the load.
      const names = replicas.map((replica) => replica.name);
      console.log(
        `${outcomes.length} calls; memory after them:\n${await docker("stats", "--no-stream", "--format", "{{.Name}} {{.MemUsage}}", ...names)}`,
      );
    },
    START_TIMEOUT_MS * 3,
  );
});
