// A span of our own: the tool call's path is Portico's code, so its spans are plain records (ids, two
// readings of one clock, a few attributes) rather than OpenTelemetry SDK spans, whose sampler, context
// objects, attribute copies and processor queue cost more than the rest of a traced call's overhead
// (docs/perf/observability-2026-11.md). Ended spans go to a SpanSink: the OTLP batch exporter
// (otlp-exporter.ts), or a test's array.
import { randomFillSync } from "node:crypto";

/** OTLP's SpanKind numbers (opentelemetry/proto/trace/v1/trace.proto). */
export const SpanKind = { INTERNAL: 1, SERVER: 2, CLIENT: 3 } as const;
export type SpanKind = (typeof SpanKind)[keyof typeof SpanKind];

export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue>;

export interface SpanSink {
  /** Takes an ended span; must not block or throw (the exporter queues it and sends it later). */
  add(span: SpanRecord): void;
}

export interface SpanRecord {
  /** 32 lower-case hex digits. */
  traceId: string;
  /** 16 lower-case hex digits. */
  spanId: string;
  parentSpanId: string | null;
  /** The parent is the client's span (from its traceparent), not one of ours. */
  parentRemote: boolean;
  name: string;
  kind: SpanKind;
  /** performance.now() readings, milliseconds (one clock for start and end: durations are exact). */
  start: number;
  end: number;
  attributes: Attributes;
  /** Set for a failed span: OTLP status ERROR with this message. */
  error: string | null;
  /** Where the span goes when it ends. */
  sink: SpanSink;
}

// Random ids cut from a pool refilled 8 KB at a time: one randomFillSync per ~340 spans, not per id.
const POOL_BYTES = 8192;
const pool = Buffer.alloc(POOL_BYTES);
let poolUsed = POOL_BYTES;

function randomHex(bytes: number): string {
  if (poolUsed + bytes > POOL_BYTES) {
    randomFillSync(pool);
    poolUsed = 0;
  }
  const hex = pool.toString("hex", poolUsed, poolUsed + bytes);
  poolUsed += bytes;
  // All zeros is an invalid id (W3C Trace Context); 2^-64 at worst, but cheap to rule out.
  return /[^0]/.test(hex) ? hex : randomHex(bytes);
}

export const newTraceId = (): string => randomHex(16);
export const newSpanId = (): string => randomHex(8);

export function startSpan(
  sink: SpanSink,
  traceId: string,
  parentSpanId: string | null,
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  parentRemote = false,
): SpanRecord {
  return {
    traceId,
    spanId: newSpanId(),
    parentSpanId,
    parentRemote,
    name,
    kind,
    start: performance.now(),
    end: 0,
    attributes,
    error: null,
    sink,
  };
}

/** Ends the span (with an error status when `error` is given) and hands it to its sink; null is a no-op. */
export function endSpan(span: SpanRecord | null, error?: string): void {
  if (!span) return;
  span.end = performance.now();
  if (error) span.error = error;
  span.sink.add(span);
}
