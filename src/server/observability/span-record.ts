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

/** A byte's two hex digits as character codes, for String.fromCharCode. */
const HIGH_DIGIT = new Uint16Array(256);
const LOW_DIGIT = new Uint16Array(256);
for (let byte = 0; byte < 256; byte++) {
  HIGH_DIGIT[byte] = "0123456789abcdef".charCodeAt(byte >> 4);
  LOW_DIGIT[byte] = "0123456789abcdef".charCodeAt(byte & 15);
}

/** The start of `bytes` fresh random bytes in the pool, none of them all zero (an invalid id). */
function randomBytesAt(bytes: number): number {
  for (;;) {
    if (poolUsed + bytes > POOL_BYTES) {
      randomFillSync(pool);
      poolUsed = 0;
    }
    const start = poolUsed;
    poolUsed += bytes;
    // All zeros is an invalid id (W3C Trace Context); 2^-64 at worst, but cheap to rule out.
    for (let index = start; index < poolUsed; index++) if (pool[index] !== 0) return start;
  }
}

/**
 * Eight pool bytes from `at` as 16 hex digits: one String.fromCharCode of table look-ups, a half to a
 * third of Buffer's toString("hex") (a call into C++), and a traced tool call makes three span ids.
 */
function hex8(at: number): string {
  const a = pool[at] as number;
  const b = pool[at + 1] as number;
  const c = pool[at + 2] as number;
  const d = pool[at + 3] as number;
  const e = pool[at + 4] as number;
  const f = pool[at + 5] as number;
  const g = pool[at + 6] as number;
  const h = pool[at + 7] as number;
  return String.fromCharCode(
    HIGH_DIGIT[a] as number,
    LOW_DIGIT[a] as number,
    HIGH_DIGIT[b] as number,
    LOW_DIGIT[b] as number,
    HIGH_DIGIT[c] as number,
    LOW_DIGIT[c] as number,
    HIGH_DIGIT[d] as number,
    LOW_DIGIT[d] as number,
    HIGH_DIGIT[e] as number,
    LOW_DIGIT[e] as number,
    HIGH_DIGIT[f] as number,
    LOW_DIGIT[f] as number,
    HIGH_DIGIT[g] as number,
    LOW_DIGIT[g] as number,
    HIGH_DIGIT[h] as number,
    LOW_DIGIT[h] as number,
  );
}

/** 32 lower-case hex digits, not all zero. */
export function newTraceId(): string {
  const at = randomBytesAt(16);
  // One flat string (two hex8 would make a rope, flattened again by each reader).
  return pool.toString("hex", at, at + 16);
}

/** 16 lower-case hex digits, not all zero. */
export const newSpanId = (): string => hex8(randomBytesAt(8));

export function startSpan(
  sink: SpanSink,
  traceId: string,
  parentSpanId: string | null,
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  parentRemote = false,
  /** A performance.now() reading the caller already took at this moment (each reading costs). */
  start = performance.now(),
): SpanRecord {
  return {
    traceId,
    spanId: newSpanId(),
    parentSpanId,
    parentRemote,
    name,
    kind,
    start,
    end: 0,
    attributes,
    error: null,
    sink,
  };
}

/**
 * Ends the span (with an error status when `error` is given) and hands it to its sink; null is a no-op.
 * `end`: a performance.now() reading the caller already took at this moment.
 */
export function endSpan(span: SpanRecord | null, error?: string, end = performance.now()): void {
  if (!span) return;
  span.end = end;
  if (error) span.error = error;
  span.sink.add(span);
}
