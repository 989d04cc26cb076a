// W3C Trace Context's traceparent header (https://www.w3.org/TR/trace-context/#traceparent-header):
// version "-" trace-id "-" parent-id "-" trace-flags, lower-case hex.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = "0".repeat(32);
const ZERO_SPAN = "0".repeat(16);

export interface TraceParent {
  traceId: string;
  spanId: string;
  /** Bit 0: the caller sampled this trace. */
  flags: number;
}

/** The caller's trace, or null for a missing or invalid header (which the spec says to ignore). */
export function parseTraceparent(value: unknown): TraceParent | null {
  if (typeof value !== "string" || value.length < 55 || value.length > 512) return null;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return null;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  // Version ff is invalid; version 00 has nothing after the flags.
  if (version === "ff" || (version === "00" && rest)) return null;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return null;
  return { traceId, spanId, flags: Number.parseInt(flags, 16) };
}

export const formatTraceparent = (traceId: string, spanId: string, flags: number) =>
  `00-${traceId}-${spanId}-${(flags & 0xff).toString(16).padStart(2, "0")}`;
