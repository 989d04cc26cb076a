// node bench/crash-loss.ts — what a crash loses on the embedded database under overload. Measures the
// sustainable rate of tools/call calculate (closed loop, BENCH_CONNECTIONS connections), then sends
// twice that rate for BENCH_SECONDS (default 30) and kills Portico with SIGKILL while the load is
// still running. It then opens the data folder itself and prints calls answered, log rows recorded and
// usage counted: the difference is what the crash lost, bounded by the call log's back-pressure to the
// calls answered within one flush interval (FLUSH_INTERVAL_MS in gateway/pipeline/call-recorder.ts). Requests
// the load generator had not sent when the server died count as not answered. Not a test: figures
// depend on the machine.
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client.ts";
import { FLUSH_INTERVAL_MS } from "../src/server/gateway/pipeline/call-recorder.ts";
import { closedLoop, fixedRate, type RequestSpec } from "./support/load.ts";
import { startPortico } from "./support/portico-process.ts";
import { waitUntilIdle } from "./support/process-cpu.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const portico = await startPortico();
const calculate: RequestSpec = {
  url: `${portico.baseUrl}/mcp`,
  method: "POST",
  headers: {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    authorization: `Bearer ${portico.apiKey}`,
  },
  body: JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "calculate", arguments: { expression: "(1250 * 1.21) / 12" } },
  }),
  check: (text) => (text.includes('"isError":true') || text.includes('"error":') ? text.slice(0, 200) : null),
};

try {
  const probe = await closedLoop(calculate, connections, 10_000);
  const sustainable = Math.round(probe.perSecond);
  console.log(`sustainable rate (closed loop, ${connections} connections): ${sustainable} calls/s`);
  // Phase 1's calls are written before the overload starts, so all of them count as answered below.
  await waitUntilIdle(portico.pid);

  const rate = 2 * sustainable;
  console.log(`overload: ${rate} calls/s for ${seconds} s, then kill -9`);
  // Requests still waiting for their answer when the process dies count as not answered.
  const stopLoad = new AbortController();
  const overload = fixedRate(calculate, rate, seconds * 1000, stopLoad.signal);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await portico.kill();
  stopLoad.abort();
  const result = await overload;

  const answered = probe.requests - probe.errors + (result.requests - result.errors);
  const database = await openDatabase({ kind: "pglite", dataDir: portico.dataDir });
  const count = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  const recorded = await count(sql`select count(*)::int as n from tool_call`);
  const usage = await count(sql`select coalesce(sum(requests), 0)::int as n from organization_usage`);
  await database.close();

  const lost = answered - Math.min(recorded, usage);
  console.log(
    `answered during the overload: ${result.requests - result.errors} calls, ` +
      `${Math.round((result.requests - result.errors) / seconds)} calls/s`,
  );
  console.log(`calls answered:  ${answered}`);
  console.log(`rows recorded:   ${recorded}`);
  console.log(`usage counted:   ${usage}`);
  console.log(
    `lost by the crash: ${lost} calls (${((100 * lost) / Math.max(1, answered)).toFixed(2)} %), ` +
      `${(lost / sustainable).toFixed(2)} s at the sustainable rate; the flush interval (the bound) is ` +
      `${FLUSH_INTERVAL_MS / 1000} s`,
  );
} finally {
  rmSync(portico.dataDir, { recursive: true, force: true });
}
