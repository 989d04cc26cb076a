// One tool call's trace: the client's traceparent continued, the call's span with its children
// (admission, upstream HTTP, call-log write), and the trace id the call log keeps. The trace is passed
// along the call explicitly (callTool → runTool → the tool's run context → the engines' requests), not
// through an AsyncLocalStorage, which would be entered on every call (and, without the server's
// --experimental-async-context-frame, run a hook on every promise after it).
// Only the remote MCP engine, whose requests are made inside the MCP SDK's transport, enters one
// (withCallTrace), around that request alone.
import { AsyncLocalStorage } from "node:async_hooks";
import { metrics } from "./metrics.ts";
import { type Attributes, endSpan, newTraceId, SpanKind, type SpanRecord, startSpan } from "./span-record.ts";
import { formatTraceparent, parseTraceparent } from "./traceparent.ts";
import type { Tracing } from "./tracing.ts";

export { endSpan, SpanKind };

export interface CallTrace {
  /** What the call log stores: this trace's id (the client's, when it sent one), or null. */
  traceId: string | null;
  /** The tool call's span, when tracing is on and the trace is sampled. */
  span: SpanRecord | null;
  /** The client's traceparent, passed on upstream as it is when there is no span of ours. */
  incoming: string | null;
}

/**
 * The trace of a tool call that starts now: a span continuing the client's traceparent (when valid
 * and sampled by the client), or one of our own drawn at the sample ratio; only the client's trace id
 * when it did not sample; null when there is nothing to keep. `attributes` is called only for a span
 * that will be recorded. `start`: the call's start, a performance.now() reading already taken.
 */
export function startCallTrace(
  tracing: Pick<Tracing, "spans" | "sampleRatio"> | null,
  traceparent: string | null | undefined,
  name: string,
  attributes: () => Attributes,
  start = performance.now(),
): CallTrace | null {
  const parent = parseTraceparent(traceparent);
  const incoming = parent ? (traceparent as string) : null;
  // Parent-based sampling: a client's sampled flag is followed; a trace of our own is drawn here.
  const recorded =
    tracing !== null && (parent ? (parent.flags & 1) === 1 : Math.random() < tracing.sampleRatio);
  if (!recorded) return parent ? { traceId: parent.traceId, span: null, incoming } : null;
  const span = startSpan(
    tracing.spans,
    parent?.traceId ?? newTraceId(),
    parent?.spanId ?? null,
    name,
    SpanKind.SERVER,
    attributes(),
    parent !== null,
    start,
  );
  return { traceId: span.traceId, span, incoming };
}

/** For spans without attributes; frozen, as it is shared (a span's own attributes are its own object). */
export const NO_ATTRIBUTES: Attributes = Object.freeze({});

/**
 * A child span of the call's span, or null when the call is not traced. `start`: a performance.now()
 * reading already taken at this moment. `attributes` become the span's: pass a fresh object when the
 * span gets more later, a shared frozen one when it never does.
 */
export function childSpan(
  callTrace: CallTrace | null | undefined,
  name: string,
  attributes: Attributes = NO_ATTRIBUTES,
  kind: SpanKind = SpanKind.INTERNAL,
  start = performance.now(),
): SpanRecord | null {
  const parent = callTrace?.span;
  if (!parent) return null;
  return startSpan(parent.sink, parent.traceId, parent.spanId, name, kind, attributes, false, start);
}

const storage = new AsyncLocalStorage<CallTrace>();

/** The trace that withCallTrace entered, for requests made where it cannot be passed (the MCP SDK's). */
export const currentCallTrace = (): CallTrace | undefined => storage.getStore();

/** Runs `fn` with `callTrace` as currentCallTrace() (nothing entered when it is null). */
export function withCallTrace<T>(callTrace: CallTrace | null | undefined, fn: () => T): T {
  return callTrace ? storage.run(callTrace, fn) : fn();
}

/** The traceparent to send upstream: our client span's, else the client's own, else none. */
function outgoingTraceparent(callTrace: CallTrace | null | undefined, span: SpanRecord | null) {
  if (span) return formatTraceparent(span.traceId, span.spanId, 1);
  return callTrace?.incoming ?? undefined;
}

export interface UpstreamRequestInfo {
  /** The integration (or "web" for fetch_web_page), the metrics' label. */
  integration: string;
  method: string;
  url: string;
}

/**
 * One upstream HTTP request of a tool call: timed into portico_upstream_request_duration_seconds, a
 * client span when the call is traced, and `send` given the traceparent to add to the request.
 * `statusOf` reads the answer's status.
 */
export async function tracedUpstream<T>(
  callTrace: CallTrace | null | undefined,
  info: UpstreamRequestInfo,
  send: (traceparent: string | undefined) => Promise<T>,
  statusOf: (answer: T) => number,
): Promise<T> {
  const span = callTrace?.span
    ? childSpan(callTrace, `${info.method} ${info.integration}`, upstreamAttributes(info), SpanKind.CLIENT)
    : null;
  const started = performance.now();
  try {
    const answer = await send(outgoingTraceparent(callTrace, span));
    const status = statusOf(answer);
    metrics.upstream(info.integration, `${Math.floor(status / 100)}xx`, (performance.now() - started) / 1000);
    if (span) {
      span.attributes["http.response.status_code"] = status;
      endSpan(span, status >= 500 ? `HTTP ${status}` : undefined);
    }
    return answer;
  } catch (error) {
    metrics.upstream(info.integration, "network", (performance.now() - started) / 1000);
    endSpan(span, error instanceof Error ? error.name : "network error");
    throw error;
  }
}

/** The request's method and address without its query, which may hold a provider's API key. */
function upstreamAttributes(info: UpstreamRequestInfo): Attributes {
  const attributes: Attributes = {
    "http.request.method": info.method,
    "portico.integration": info.integration,
  };
  if (URL.canParse(info.url)) {
    const url = new URL(info.url);
    attributes["server.address"] = url.hostname;
    attributes["url.full"] = `${url.origin}${url.pathname}`;
  }
  return attributes;
}
