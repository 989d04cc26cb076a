// tools/list of a project with many tools, measured inside one process through the real /mcp handler
// (Host check, auth, the project's tools, the answer) without a socket: it times the server's work per
// request, not the kernel copying the answer to a client. Project
// servers with a thousand tools are built by the integrations work; here a synthetic tool source with
// realistic schemas stands in for them through the same ToolSource seam.
import { performance } from "node:perf_hooks";
import { generateApiKeySecret } from "../../src/server/api-keys/api-key-secret.ts";
import { createApp } from "../../src/server/app.ts";
import { parseConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { apiKey, organization, organizationMember, project, user } from "../../src/server/db/schema/index.ts";
import type { ToolSource } from "../../src/server/gateway/catalogue/project-tools.ts";
import type { GatewayTool } from "../../src/server/gateway/catalogue/tool-types.ts";
import { handleMcpRequest } from "../../src/server/gateway/transport/handle-mcp.ts";

function syntheticTool(index: number): GatewayTool {
  return {
    name: `crm_records_${String(index).padStart(4, "0")}`,
    title: `Search CRM records ${index}`,
    description:
      "Searches records of one object type in the CRM by text, owner and modification date, and returns " +
      "matching records with their main fields. Use it to find customers, deals or contacts.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Free text to match against names and emails" },
        ownerId: { type: "string", description: "Only records owned by this user" },
        modifiedAfter: { type: "string", format: "date-time" },
        limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
        fields: { type: "array", items: { type: "string" }, description: "Fields to return" },
      },
      required: ["query"],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
    serverId: "synthetic",
    serverName: "synthetic-crm",
    run: async () => ({ content: [{ type: "text", text: "{}" }] }),
  };
}

export async function measureToolsList(toolCount: number, iterations: number) {
  const tools = Array.from({ length: toolCount }, (_, index) => syntheticTool(index));
  const source: ToolSource = async () => tools;
  const config = parseConfig({
    APP_ENV: "test",
    BASE_URL: "http://localhost:3000",
    BETTER_AUTH_SECRET: "x".repeat(40),
  });
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  const app = await createApp(config, database, { extraToolSources: [source] });
  const secret = generateApiKeySecret();
  await app.db.insert(user).values({ id: "u1", name: "Bench", email: "bench@example.test" });
  await app.db.insert(organization).values({ id: "o1", name: "Bench" });
  await app.db.insert(organizationMember).values({ organizationId: "o1", userId: "u1", role: "owner" });
  await app.db.insert(project).values({ id: "p1", organizationId: "o1", name: "Bench" });
  const { secretHash, prefix, lastFour } = secret;
  await app.db
    .insert(apiKey)
    .values({ projectId: "p1", name: "bench", createdBy: "u1", secretHash, prefix, lastFour });
  // Written behind the API's back: the gateway learns of the key as createApiKey would tell it.
  await app.gateway.keyCreated(secretHash);

  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    authorization: `Bearer ${secret.secret}`,
    host: "localhost:3000",
    "mcp-protocol-version": "2025-11-25",
  };
  const once = async () => {
    const response = await handleMcpRequest(
      app,
      new Request("http://localhost:3000/mcp", { method: "POST", headers, body }),
    );
    if (response.status !== 200) {
      throw new Error(`tools/list answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    }
    // The body's chunks as a server hands them to the socket: gathering them into one buffer (or text)
    // would time the client.
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      bytes += chunk.byteLength;
    return bytes;
  };
  const bytes = await once();
  for (let warm = 0; warm < 200; warm++) await once();
  const latencies: number[] = [];
  for (let run = 0; run < iterations; run++) {
    const started = performance.now();
    await once();
    latencies.push(performance.now() - started);
  }
  await app.gateway.stop();
  await app.database.close();
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0;
  return { toolCount, iterations, bytes, p50: at(0.5), p99: at(0.99) };
}
