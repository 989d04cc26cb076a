// The server process itself: refusing bad configuration before it listens, and shutting down cleanly.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createScratchDatabase } from "../support/database.ts";
import { HttpClient } from "../support/http-client.ts";
import { runServerToExit, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

describe("bad configuration", () => {
  it.each([
    ["PORT", "abc"],
    ["BASE_URL", "not-a-url"],
    ["APP_ENV", "qa"],
    ["WEB_CONCURRENCY", "0"],
  ])("exits non-zero naming %s=%s", async (name, value) => {
    const { code, output } = await runServerToExit({ PORT: "0", [name]: value });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain("Invalid configuration");
    expect(output).toMatch(new RegExp(`- ${name}: `));
    expect(output).not.toContain("Portico is running");
  });

  // A new embedded database is made by a process of its own (scripts/serve.ts, makesNewDataFolder).
  it("names a data folder it cannot make, without a stack trace", async () => {
    // A valid port (0 is not one); the start ends before it would listen.
    const { code, output } = await runServerToExit({
      PORT: "39871",
      DATA_DIR: "/dev/null/portico",
      DATABASE_URL: "",
    });
    expect(code).toBe(1);
    expect(output).toContain("/dev/null/portico");
    expect(output).toContain("Preparing the data folder failed");
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toContain("Portico is running");
  });
});

describe("a port already taken", () => {
  it(
    "names the port and how to choose another, without a stack trace",
    async () => {
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, "0.0.0.0", resolve));
      const port = (taken.address() as AddressInfo).port;
      try {
        const { code, output } = await runServerToExit({ PORT: String(port) }, SERVER_HOOK_TIMEOUT);
        expect(code).toBe(1);
        expect(output).toContain(`Port ${port} is already in use`);
        expect(output).toContain(`PORT=${port + 1} npm start`);
        expect(output).not.toMatch(/^\s+at /m);
        expect(output).not.toContain("Portico is running");
      } finally {
        await new Promise((resolve) => taken.close(resolve));
      }
    },
    SERVER_HOOK_TIMEOUT,
  );
});

describe("several server processes", () => {
  it("refuses WEB_CONCURRENCY above 1 on the embedded database", async () => {
    const { code, output } = await runServerToExit({ PORT: "0", WEB_CONCURRENCY: "2", DATABASE_URL: "" });
    expect(code).toBe(1);
    expect(output).toContain("WEB_CONCURRENCY above 1 needs DATABASE_URL");
  });

  it.runIf(process.env.DATABASE_URL)(
    "serves from two processes on one PostgreSQL and stops them all on SIGTERM",
    async () => {
      const server = await startServer({ env: { WEB_CONCURRENCY: "2" } });
      expect(server.output()).toContain("(2 server processes)");
      const user = newUser("cluster");
      await new HttpClient(server.baseUrl).signUp(user);
      // Whichever process a request lands on must see the account and sessions the other created.
      for (let attempt = 0; attempt < 4; attempt++) {
        const client = new HttpClient(server.baseUrl);
        await client.signIn(user);
        expect(client.hasSession()).toBe(true);
      }
      expect(await server.stop()).toBe(0);
    },
    2 * SERVER_HOOK_TIMEOUT,
  );
});

/** Name and scheduling policy (0 normal, 5 SCHED_IDLE) of each thread of a process, from /proc. */
function threadPolicies(pid: number): { name: string; policy: number; main: boolean }[] {
  return readdirSync(`/proc/${pid}/task`).map((id) => {
    const stat = readFileSync(`/proc/${pid}/task/${id}/stat`, "utf8");
    // Fields after the command name start at the 3rd; the policy is the 41st.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    return { name, policy: Number(fields[41 - 3]), main: Number(id) === pid };
  });
}

describe("production builds", () => {
  it(
    "renders pages with React's production build when NODE_ENV is not set",
    async () => {
      const scratch = mkdtempSync(path.join(tmpdir(), "portico-modules-"));
      const loadedModulesFile = path.join(scratch, "modules.txt");
      const preload = path.join(import.meta.dirname, "../support/record-loaded-modules.mjs");
      const server = await startServer({
        env: { NODE_OPTIONS: `--import ${preload}`, LOADED_MODULES_FILE: loadedModulesFile },
      });
      try {
        expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
        expect(await server.stop()).toBe(0);
        const renderers = readFileSync(loadedModulesFile, "utf8")
          .split("\n")
          .filter((module) => /react-dom-server\.node\./.test(module));
        expect(renderers.length).toBeGreaterThan(0);
        expect(renderers.every((module) => module.endsWith(".production.js"))).toBe(true);
      } finally {
        await server.stop();
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    SERVER_HOOK_TIMEOUT,
  );
});

describe("CPU priority", () => {
  it.runIf(process.platform === "linux")(
    "runs background threads (V8's, the embedded database's) at idle priority, and requests at normal",
    async () => {
      const server = await startServer();
      try {
        const threads = threadPolicies(server.pid);
        const normal = threads.filter((thread) => thread.main || thread.name === "libuv-worker");
        const background = threads.filter((thread) => !normal.includes(thread));
        expect(normal.find((thread) => thread.main)?.policy).toBe(0);
        expect(normal.every((thread) => thread.policy === 0)).toBe(true);
        // V8's platform threads at least (4 workers and a delayed-task thread), and PGlite's.
        expect(background.length).toBeGreaterThanOrEqual(3);
        expect(background.every((thread) => thread.policy === 5)).toBe(true);
        expect(server.output()).not.toContain("keep their CPU priority");
      } finally {
        await server.stop();
      }
    },
    SERVER_HOOK_TIMEOUT,
  );
});

describe("test harness", () => {
  it("shows the server's own output when it cannot start", async () => {
    await expect(startServer({ env: { SMTP_URL: "http://nope" } })).rejects.toThrow(
      /failed to start: exited before ready[\s\S]*--- server output ---[\s\S]*SMTP_URL: SMTP_URL must start with smtp/,
    );
  });
});

describe("graceful shutdown", () => {
  it(
    "exits 0 on SIGTERM and keeps the data for the next start",
    async () => {
      // Both runs must see the same storage: one folder for PGlite, or one database on PostgreSQL.
      const dataDir = mkdtempSync(path.join(tmpdir(), "portico-restart-"));
      const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
      const storage = { dataDir, databaseUrl: scratch?.url };
      const user = newUser("restart");
      try {
        const first = await startServer(storage);
        await new HttpClient(first.baseUrl).signUp(user);
        expect(await first.stop()).toBe(0);
        expect(first.output()).toContain("SIGTERM");

        const second = await startServer(storage);
        const client = new HttpClient(second.baseUrl);
        await client.signIn(user);
        expect(client.hasSession()).toBe(true);
        expect(await second.stop()).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await scratch?.drop();
      }
    },
    2 * SERVER_HOOK_TIMEOUT,
  );
});
