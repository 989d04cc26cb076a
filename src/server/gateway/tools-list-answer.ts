// tools/list answered from the project's cached serialization. A project with a thousand tools has a
// tools/list result of most of a megabyte; through the SDK every request serializes it again, which
// alone takes longer than the 5 ms p99 target. The tools don't change between cache fills, so the
// serialized list is kept with them and spliced into the JSON-RPC envelope the SDK would have sent.
// Only the plain case is answered here — one request, no cursor, JSON response, headers the SDK would
// accept; anything else (errors included) goes to the SDK. handle-mcp.test.ts checks both paths give
// the same answer.
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { ProjectTools } from "./project-tools.ts";

interface PlainToolsList {
  jsonrpc: "2.0";
  id: string | number;
  method: "tools/list";
}

function isPlainToolsList(message: unknown): message is PlainToolsList {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const { jsonrpc, id, method, params, ...rest } = message as Record<string, unknown>;
  if (jsonrpc !== "2.0" || method !== "tools/list" || Object.keys(rest).length > 0) return false;
  if (!(typeof id === "string" || (typeof id === "number" && Number.isInteger(id)))) return false;
  if (params === undefined) return true;
  if (typeof params !== "object" || params === null || Array.isArray(params)) return false;
  // A cursor (pagination) or anything else goes to the SDK; `_meta` alone doesn't change the answer.
  return Object.keys(params).every((key) => key === "_meta");
}

function sdkWouldAccept(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  const contentType = request.headers.get("content-type") ?? "";
  const version = request.headers.get("mcp-protocol-version");
  return (
    accept.includes("application/json") &&
    accept.includes("text/event-stream") &&
    /^application\/json\s*(;|$)/i.test(contentType) &&
    (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version))
  );
}

/** The SDK's exact answer to a plain tools/list, or null when the SDK must handle the request. */
export function answerToolsList(request: Request, message: unknown, tools: ProjectTools): Response | null {
  if (!isPlainToolsList(message) || !sdkWouldAccept(request)) return null;
  const body = `{"result":{"tools":${tools.listedJson}},"jsonrpc":"2.0","id":${JSON.stringify(message.id)}}`;
  return new Response(body, { status: 200, headers: { "Content-Type": "application/json" } });
}
