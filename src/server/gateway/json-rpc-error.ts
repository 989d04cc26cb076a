// The JSON-RPC error answers of /mcp that no SDK transport gives: refusals before a message is read
// (host, auth, method, body) and the last-resort 500. Shared by the Web path (handle-mcp.ts), the
// node:http path (handle-mcp-node.ts) and the conformance fixture's sessions.
import type { JsonBody } from "./read-json-body.ts";

export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });
}

/** A body readJsonBody refused: too large is an invalid request, unparseable a parse error. */
export function bodyRefused(body: Extract<JsonBody, { ok: false }>): Response {
  return jsonRpcError(body.status, body.status === 413 ? -32600 : -32700, body.message);
}
