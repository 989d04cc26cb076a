// One tool call's trace: the client's traceparent continued, the call's span with its children
// (admission, upstream HTTP, call-log write), and the trace id the call log keeps. The trace travels
// with the call in an AsyncLocalStorage so the engines' HTTP clients find it without every signature
// in between carrying it; it is entered only when there is something to carry (tracing on, or a
// client's traceparent to pass on), so a plain call pays nothing.
import { AsyncLocalStorage } from "node:async_hooks";
import {
  type Attributes,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { metrics } from "./metrics.ts";
import { formatTraceparent, parseTraceparent } from "./traceparent.ts";
import type { Tracing } from "./tracing.ts";

export interface CallTrace {
  /** What the call log stores: this trace's id (the client's, when it sent one), or null. */
  traceId: string | null;
  /** The tool call's span, when tracing is on and the trace is sampled. */
  span: Span | null;
  tracer: Tracer | null;
  /** The client's traceparent, passed on upstream as it is when there is no span of ours. */
  incoming: string | null;
}

const storage = new AsyncLocalStorage<CallTrace>();

/** The trace of the tool call running now, if it has one. */
export const currentCallTrace = (): CallTrace | undefined => storage.getStore();

/** Runs `fn` with `callTrace` as the current call's trace (nothing to enter when it is null). */
export function withCallTrace<T>(callTrace: CallTrace | null, fn: () => T): T {
  return callTrace ? storage.run(callTrace, fn) : fn();
}

/**
 * The trace of a tool call that starts now: a span continuing the client's traceparent (when valid),
 * or only that trace id without tracing; null when there is neither. `attributes` is called only for
 * a span that will be recorded.
 */
export function startCallTrace(
  tracing: Pick<Tracing, "tracer" | "sampleRatio"> | null,
  traceparent: string | null | undefined,
  name: string,
  attributes: () => Attributes,
): CallTrace | null {
  const parent = parseTraceparent(traceparent);
  const incoming = parent ? (traceparent as string) : null;
  // A trace of our own is drawn here, so a call left out allocates nothing for tracing.
  const drawn = tracing !== null && (parent ? true : Math.random() < tracing.sampleRatio);
  if (!tracing || !drawn)
    return parent ? { traceId: parent.traceId, span: null, tracer: null, incoming } : null;
  const context = parent
    ? trace.setSpanContext(ROOT_CONTEXT, {
        traceId: parent.traceId,
        spanId: parent.spanId,
        traceFlags: parent.flags & 1,
        isRemote: true,
      })
    : ROOT_CONTEXT;
  const span = tracing.tracer.startSpan(name, { kind: SpanKind.SERVER, attributes: attributes() }, context);
  const traceId = span.spanContext().traceId;
  // The client did not sample it: no span to record into, but the id still links the call to its trace.
  if (!span.isRecording()) return { traceId, span: null, tracer: null, incoming };
  return { traceId, span, tracer: tracing.tracer, incoming };
}

/** A child span of the call's span, or null when the call is not traced. */
export function childSpan(
  callTrace: CallTrace | null | undefined,
  name: string,
  attributes?: Attributes,
  kind = SpanKind.INTERNAL,
): Span | null {
  if (!callTrace?.span || !callTrace.tracer) return null;
  return callTrace.tracer.startSpan(name, { kind, attributes }, trace.setSpan(ROOT_CONTEXT, callTrace.span));
}

export function endSpan(span: Span | null, error?: string): void {
  if (!span) return;
  if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: error });
  span.end();
}

/** The traceparent to send upstream: our client span's, else the client's own, else none. */
function outgoingTraceparent(callTrace: CallTrace | undefined, span: Span | null): string | undefined {
  if (span) {
    const context = span.spanContext();
    return formatTraceparent(context.traceId, context.spanId, context.traceFlags);
  }
  return callTrace?.incoming ?? undefined;
}

export interface UpstreamRequestInfo {
  /** The integration (or "web" for fetch_web_page), the metrics' label. */
  integration: string;
  method: string;
  url: string;
}

/**
 * One upstream HTTP request of the current tool call: timed into
 * portico_upstream_request_duration_seconds, a client span when traced, and `send` given the
 * traceparent to add to the request. `statusOf` reads the answer's status.
 */
export async function tracedUpstream<T>(
  info: UpstreamRequestInfo,
  send: (traceparent: string | undefined) => Promise<T>,
  statusOf: (answer: T) => number,
): Promise<T> {
  const callTrace = storage.getStore();
  const span = callTrace?.span
    ? childSpan(callTrace, `${info.method} ${info.integration}`, upstreamAttributes(info), SpanKind.CLIENT)
    : null;
  const started = performance.now();
  try {
    const answer = await send(outgoingTraceparent(callTrace, span));
    const status = statusOf(answer);
    metrics.upstream(info.integration, `${Math.floor(status / 100)}xx`, (performance.now() - started) / 1000);
    if (span) {
      span.setAttribute("http.response.status_code", status);
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
