// The JSON-RPC error answers of /mcp that no SDK transport gives: refusals before a message is read
// (host, auth, method, body) and the last-resort 500. Shared by the Web path (handle-mcp.ts), the
// node:http path (handle-mcp-node.ts) and the conformance fixture's sessions.
import { CLOSE_CONNECTION } from "../../http/read-capped-body.ts";
import type { JsonBody } from "./read-json-body.ts";

export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });
}

/**
 * A body readJsonBody refused: too large is an invalid request, unparseable a parse error. Too large
 * was refused before all of it was read, so the connection is closed rather than left stalled on it.
 */
export function bodyRefused(body: Extract<JsonBody, { ok: false }>): Response {
  if (body.status === 413) return jsonRpcError(413, -32600, body.message, { ...CLOSE_CONNECTION });
  return jsonRpcError(body.status, -32700, body.message);
}
