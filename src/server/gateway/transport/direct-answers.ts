// The two requests an agent sends most — a plain tools/list and a plain tools/call — answered without
// building an SDK server and transport, with exactly the JSON the SDK would have sent. Everything else
// (initialize, notifications, batches, SSE, cursors, tasks, unknown tools, every error) still goes
// through the SDK; gateway-mcp.test.ts checks both paths give the same answers. The answers are built
// as bodies, which the Web path (answerToolsList/answerToolsCall, for handle-mcp.ts) wraps in a
// Response and the node:http path (handle-mcp-node.ts) writes to the socket itself.
//
// Why: the per-request SDK pair (zod parsing of each message, a Server with its handler tables, a
// transport, a ReadableStream-backed Response) costs several hundred microseconds, most of a tools/call
// that runs a fast tool, and the SDK re-serializes the whole tools/list (most of a megabyte for a
// project with a thousand tools) on every request. See docs/perf/gateway-decisions-2026-11.md, "Fast path beside the SDK".
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { FastResponse } from "srvx";
import { type ProjectTools, toolCallTarget } from "../catalogue/project-tools.ts";
import type { GatewayTool } from "../catalogue/tool-types.ts";
import { connectionNeededOf, urlElicitationRequiredError } from "../input-requests/connection-needed.ts";
import type { ToolCallOutcome } from "../pipeline/tool-call.ts";
import { paymentRequiredError } from "./payment-required-rpc.ts";

/** The 2026-07-28 per-request envelope's protocol version key (modern-mcp.ts answers those). */
const PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";

/** Runs one admitted tool call (admission.ts's callTool, bound to the request's principal and door). */
/** `traceparent`: the message's own params._meta.traceparent, which wins over the HTTP header's. */
export type ToolCaller = (
  tool: GatewayTool,
  args: Record<string, unknown>,
  traceparent?: string,
) => Promise<ToolCallOutcome>;

type RequestId = string | number;

/** A single JSON-RPC request of `method` whose params only hold keys in `allowedParams`. */
function plainRequest(
  message: unknown,
  method: string,
  allowedParams: readonly string[],
): { id: RequestId; params: Record<string, unknown> } | null {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return null;
  // The method first: every tools/call is asked here as a tools/list before, and copying the rest of
  // the message for that was wasted work.
  if ((message as { method?: unknown }).method !== method) return null;
  const { jsonrpc, id, method: _method, params, ...rest } = message as Record<string, unknown>;
  if (jsonrpc !== "2.0" || Object.keys(rest).length > 0) return null;
  if (!(typeof id === "string" || (typeof id === "number" && Number.isInteger(id)))) return null;
  if (params === undefined) return { id, params: {} };
  if (typeof params !== "object" || params === null || Array.isArray(params)) return null;
  if (!Object.keys(params).every((key) => allowedParams.includes(key))) return null;
  // The 2026-07-28 envelope in _meta: that revision is answered by modern-mcp.ts.
  const meta = (params as { _meta?: Record<string, unknown> })._meta;
  if (meta && typeof meta === "object" && meta[PROTOCOL_VERSION_META_KEY] !== undefined) return null;
  return { id, params: params as Record<string, unknown> };
}

/** Reads one request header, whichever server API the request came through. */
export type HeaderReader = (name: string) => string | null;

/** The transport's own checks (406, 415, 400 on a bad protocol version) all pass. */
export function sdkWouldAccept(header: HeaderReader): boolean {
  const accept = header("accept") ?? "";
  const contentType = header("content-type") ?? "";
  const version = header("mcp-protocol-version");
  return (
    accept.includes("application/json") &&
    accept.includes("text/event-stream") &&
    /^application\/json\s*(;|$)/i.test(contentType) &&
    (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version))
  );
}

const webHeaders =
  (request: Request): HeaderReader =>
  (name) =>
    request.headers.get(name);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const LIST_HEAD = Buffer.from('{"result":{"tools":');
/**
 * Lists larger than this are sent from the cache as they are, without being copied into one buffer per
 * answer: at a project with 1,000 tools (770 KB) each copy was external memory V8 counts towards its next
 * full collection, which then came every ~80 answers and took 4-8 ms. Smaller lists are cheaper copied.
 */
const COPY_LIMIT = 64 * 1024;

/**
 * The answer to a tools/list without a cursor as the parts of its body, the project's cached
 * serialization among them; null when the SDK must answer.
 */
export function toolsListAnswer(message: unknown, tools: ProjectTools): Uint8Array[] | null {
  // `_meta` alone doesn't change the answer; a cursor (pagination) or anything else goes to the SDK.
  const plain = plainRequest(message, "tools/list", ["_meta"]);
  if (!plain) return null;
  return [LIST_HEAD, tools.listedJson, Buffer.from(`},"jsonrpc":"2.0","id":${JSON.stringify(plain.id)}}`)];
}

/** The length of a body given as parts. */
export const byteLengthOf = (parts: Uint8Array[]) =>
  parts.reduce((total, part) => total + part.byteLength, 0);

/** answerToolsList's body when the list is large: the parts as they are, behind their exact length. */
function streamedBody(parts: Uint8Array[]): Response {
  const length = byteLengthOf(parts);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return new FastResponse(body, {
    status: 200,
    headers: { "Content-Type": "application/json", "Content-Length": String(length) },
  });
}

/** tools/list without a cursor, from the project's cached serialization; null when the SDK must answer. */
export function answerToolsList(request: Request, message: unknown, tools: ProjectTools): Response | null {
  const parts = sdkWouldAccept(webHeaders(request)) ? toolsListAnswer(message, tools) : null;
  if (!parts) return null;
  if (tools.listedJson.byteLength > COPY_LIMIT) return streamedBody(parts);
  return new FastResponse(Buffer.concat(parts), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * The answer to a tools/call of a known tool with object arguments, as its JSON body; null when the SDK
 * must answer (an unknown tool's error, a task-augmented call, malformed params). Progress tokens never
 * get here: they need a stream.
 */
export async function toolsCallAnswer(
  message: unknown,
  tools: ProjectTools,
  call: ToolCaller,
): Promise<string | null> {
  const plain = plainRequest(message, "tools/call", ["name", "arguments", "_meta"]);
  if (!plain) return null;
  const { name, arguments: args = {}, _meta: meta } = plain.params;
  if (typeof name !== "string" || !isPlainObject(args)) return null;
  if (meta !== undefined && !isPlainObject(meta)) return null;
  const target = toolCallTarget(tools, name, args);
  if (!target) return null;
  const outcome: ToolCallOutcome =
    "answer" in target
      ? { ok: true, result: target.answer }
      : await call(target.tool, target.args, metaTraceparent(meta));
  const id = JSON.stringify(plain.id);
  // The key order of the SDK's own responses, so both paths give byte-identical bodies.
  if (!outcome.ok) {
    return `{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify(paymentRequiredError(outcome.refusal))}}`;
  }
  if (outcome.result.isError) {
    const needed = connectionNeededOf(outcome.result);
    if (needed)
      return `{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify(urlElicitationRequiredError(needed))}}`;
  }
  return `{"result":${JSON.stringify(outcome.result)},"jsonrpc":"2.0","id":${id}}`;
}

const metaTraceparent = (meta: unknown): string | undefined => {
  const value = (meta as { traceparent?: unknown } | undefined)?.traceparent;
  return typeof value === "string" ? value : undefined;
};

/** tools/call answered by toolsCallAnswer, as a Response; null when the SDK must answer. */
export async function answerToolsCall(
  request: Request,
  message: unknown,
  tools: ProjectTools,
  call: ToolCaller,
): Promise<Response | null> {
  if (!sdkWouldAccept(webHeaders(request))) return null;
  const body = await toolsCallAnswer(message, tools, call);
  // srvx writes a FastResponse's string to the socket in one go, with Content-Length, where a standard
  // Response's body would be streamed out chunk by chunk.
  return body === null
    ? null
    : new FastResponse(body, { status: 200, headers: { "Content-Type": "application/json" } });
}
