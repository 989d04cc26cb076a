import { fixedRate } from "./support/load.ts";
import { startPortico } from "./support/portico-process.ts";
const root = process.env.PROF_ROOT || undefined;
const p = await startPortico({ METRICS: "off", LOG_LEVEL: "warn", NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.PROF_DIR}` }, root);
const spec = {
  url: `${p.baseUrl}/mcp`, method: "POST",
  headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${p.apiKey}`, "mcp-protocol-version": "2025-11-25" },
  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "calculate", arguments: { expression: "(1250 * 1.21) / 12" } } }),
  check: (text: string) => (text.includes('"isError":true') || text.includes('"error":') ? text.slice(0, 300) : null),
};
await fixedRate(spec as never, 1000, 3000);
const r = await fixedRate(spec as never, 1000, Number(process.env.PROF_S ?? 15) * 1000);
console.log("requests", r.requests, "errors", r.errors, r.firstError ?? "");
await p.stop();
