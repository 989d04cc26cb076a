// POST /mcp straight from node:http, for the requests agents send most: a plain tools/list or
// tools/call with a JSON body of declared length, from an authenticated caller. scripts/serve.ts hands
// every request here first (through server.ts's handleNodeRequest).
//
// Why: on the Web path each request becomes a Web Request (srvx's adapter: URL, Headers, an
// AbortSignal), runs inside TanStack Start's request scope, and its Response is converted back to
// node:http. That was a fifth to a quarter of the request thread's CPU for a `calculate` call, and
// ~4 % of a fetch_web_page call's. See docs/perf/gateway-decisions-2026-11.md, "/mcp straight from node:http".
//
// Nothing is decided differently here: a request this path does not answer goes on to `next` (the Web
// path) untouched when that is clear from its headers, or, once its body has been read, to
// handleMcpRequest with that body. Errors and every other message are the Web path's.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { sendNodeResponse } from "srvx/node";
import type { App } from "../../app-services.ts";
import { declaredLength } from "../../http/declared-length.ts";
import { requestIdFrom } from "../../observability/logger.ts";
import { reportError } from "../../observability/report-error.ts";
import { authenticateRequest } from "../pipeline/admission.ts";
import { outageRpcResponse } from "./database-outage.ts";
import {
  byteLengthOf,
  type HeaderReader,
  sdkWouldAccept,
  toolsCallAnswer,
  toolsListAnswer,
} from "./direct-answers.ts";
import { mcpEndpointOverride } from "./endpoint-override.ts";
import {
  admissionRefusal,
  asksForProgress,
  directToolCaller,
  elicitsOverStream,
  handleMcpRequest,
  MAX_REQUEST_BYTES,
  mcpToolCaller,
  prefersEventStream,
} from "./handle-mcp.ts";
import { jsonRpcError } from "./json-rpc-error.ts";
import { parseJson } from "./read-json-body.ts";

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

const nodeHeaders =
  (headers: IncomingHttpHeaders): HeaderReader =>
  (name) => {
    const value = headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  };

/** The checks of the Web path that need no body; any that fails leaves the request to it. */
function isPlainCandidate(header: HeaderReader): boolean {
  const length = declaredLength(header("content-length"));
  return (
    length !== null &&
    length <= MAX_REQUEST_BYTES &&
    sdkWouldAccept(header) &&
    !prefersEventStream(header("accept"))
  );
}

/**
 * The body, exactly Content-Length bytes (the HTTP parser delivers no more), within the cap; null when
 * the client went away before sending all of it.
 */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    // After "end" these change nothing: a promise settles once.
    req.once("close", () => resolve(null));
    req.once("error", () => resolve(null));
  });
}

/** Aborted when the client goes away before its answer is written, as a Web Request's signal is. */
function clientSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

function writeJson(res: ServerResponse, body: string | Uint8Array[]): void {
  const length = typeof body === "string" ? Buffer.byteLength(body) : byteLengthOf(body);
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": length });
  if (typeof body === "string") {
    res.end(body);
    return;
  }
  // One write for all parts; a large tools/list is sent from the cache without being copied.
  res.cork();
  for (const part of body) res.write(part);
  res.end();
  res.uncork();
}

/** The request again as a Web Request, with the body already read, for the Web path to answer. */
function webRequest(req: IncomingMessage, baseUrl: string, body: Buffer, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let index = 0; index < req.rawHeaders.length; index += 2) {
    const name = req.rawHeaders[index] as string;
    // Hop-by-hop framing of the original connection; the body is now a buffer of known length.
    if (/^(connection|keep-alive|transfer-encoding)$/i.test(name)) continue;
    headers.append(name, req.rawHeaders[index + 1] as string);
  }
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return new Request(new URL(req.url ?? "/", baseUrl), { method: "POST", headers, body: bytes, signal });
}

async function answer(app: App, req: IncomingMessage, res: ServerResponse, next: NodeHandler) {
  const header = nodeHeaders(req.headers);
  if (!isPlainCandidate(header)) return next(req, res);
  // Host check and principal as on every door. A host refusal is the Web path's to answer; a token's is
  // answered here (the body read first, so the connection stays usable): handed on, every junk token
  // was resolved, and counted against its address, twice.
  const admission = await authenticateRequest(app, header, req.socket.remoteAddress);
  if (!admission.ok && admission.reason === "host") return next(req, res);
  if (!admission.ok) {
    if (!(await readBody(req))) return;
    // Written as it is: a Web Response and its stream cost a junk-key flood ~30 µs a refusal.
    const { status, headers, body } = admissionRefusal(app, admission);
    res.writeHead(status, { ...headers, "content-length": Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  const { principal } = admission;
  if (mcpEndpointOverride(app, principal)) return next(req, res);

  const body = await readBody(req);
  if (!body) return; // nobody left to answer
  const signal = clientSignal(res);
  const message = parseJson(body.toString("utf8"));
  if (message && !asksForProgress(message.value)) {
    const tools = await app.gateway.tools.toolsFor(principal.projectId);
    const call = mcpToolCaller(app, principal, signal, {
      traceparent: header("traceparent"),
      requestId: requestIdFrom(header("x-request-id")),
    });
    // A call an agent may answer with a question goes to the Web path as a stream (elicitsOverStream).
    const direct = elicitsOverStream(app.gateway.elicitation, principal, message.value, tools)
      ? null
      : (toolsListAnswer(message.value, tools) ??
        (await toolsCallAnswer(message.value, tools, directToolCaller(call, signal))));
    if (direct !== null) return writeJson(res, direct);
  }
  const response = await handleMcpRequest(app, webRequest(req, app.config.baseUrl, body, signal));
  await sendNodeResponse(res, response);
}

/** Answers POST /mcp at the node:http level where it can, and hands everything else to `next`. */
export function handleMcpNodeRequest(
  app: App,
  req: IncomingMessage,
  res: ServerResponse,
  next: NodeHandler,
): Promise<void> {
  return answer(app, req, res, next).catch((error: unknown) => {
    const outage = outageRpcResponse(error);
    if (!outage) reportError(error, { where: "mcp" });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    return sendNodeResponse(res, outage ?? jsonRpcError(500, -32603, "Internal error"));
  });
}
