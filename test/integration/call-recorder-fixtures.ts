// What the call recorder's tests share: a database that fails or stalls on demand, and calls to record.
import type { DatabaseHandle } from "~/server/db/client.ts";
import type { Principal } from "~/server/gateway/auth/principal.ts";
import { type RecordedCall, storedArguments } from "~/server/gateway/pipeline/call-log-row.ts";
import type { World } from "./world.ts";

/**
 * `database`, except that while `down` is set every transaction fails as if the database were away,
 * while `stalled` is set transactions wait for it to be released, and while `commitThenFail` is set a
 * transaction commits and then fails, as when the connection drops before the commit is confirmed.
 */
export function flakyDatabase(database: Pick<DatabaseHandle, "bulkTransaction">) {
  let release!: () => void;
  const state = {
    down: false,
    commitThenFail: false,
    stalled: null as Promise<void> | null,
    stall() {
      state.stalled = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    resume() {
      state.stalled = null;
      release();
    },
  };
  const flaky: Pick<DatabaseHandle, "bulkTransaction"> = {
    async bulkTransaction(fn) {
      if (state.stalled) await state.stalled;
      if (state.down) throw new Error("connection refused");
      const result = await database.bulkTransaction(fn);
      if (state.commitThenFail) throw new Error("connection lost before the commit was confirmed");
      return result;
    },
  };
  return { database: flaky, state };
}

/** A caller of the world's project A through the API key `apiKeyId`, named `callerName` in the log. */
export function keyPrincipal(world: World, apiKeyId: string | null, callerName: string): Principal {
  return {
    projectId: world.projectA.id,
    organizationId: world.orgA.id,
    kind: "api_key",
    apiKeyId,
    oauthClientId: null,
    oauthClientName: null,
    callerName,
    userId: world.ownerA.id,
    person: null,
  };
}

export function callFor(principal: Principal, index: number): RecordedCall {
  return {
    principal,
    serverId: null,
    serverName: "standard",
    toolName: index % 2 ? "calculate" : "fetch_web_page",
    channel: "mcp",
    status: index % 2 ? "error" : "success",
    durationMs: index + 0.4,
    errorMessage: index % 2 ? `Division by zero "${index}" — ü` : null,
    arguments: storedArguments({ expression: `${index} / 0`, note: 'quoted "text", commas' }),
    at: new Date(Date.UTC(2026, 10, 21, 12, 0, 0, index)),
  };
}
