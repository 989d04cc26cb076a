// Spans as an OTLP/HTTP JSON ExportTraceServiceRequest (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding):
// ids as lower-case hex, enums as numbers, the 64-bit nanosecond times as decimal strings. Written as
// one string straight from the records, with JSON.stringify only on the strings that come from outside
// (names, attribute values), where a tree of objects would be built and thrown away per span.
import type { Attributes, SpanRecord } from "./span-record.ts";

/** OTLP's STATUS_CODE_ERROR. */
const STATUS_ERROR = 2;

/** performance.now() milliseconds as Unix nanoseconds, a decimal string (beyond a double's integers). */
export function unixNanos(timeOrigin: number, reading: number): string {
  const ms = timeOrigin + reading;
  const whole = Math.floor(ms);
  const nanos = Math.min(999_999, Math.round((ms - whole) * 1e6));
  return `${whole}${String(nanos).padStart(6, "0")}`;
}

function attributeValue(value: string | number | boolean): string {
  if (typeof value === "string") return `{"stringValue":${JSON.stringify(value)}}`;
  if (typeof value === "boolean") return `{"boolValue":${value}}`;
  return Number.isInteger(value) ? `{"intValue":${value}}` : `{"doubleValue":${value}}`;
}

export function attributesJson(attributes: Attributes): string {
  let json = "";
  for (const key in attributes) {
    if (json) json += ",";
    json += `{"key":${JSON.stringify(key)},"value":${attributeValue(attributes[key] as string)}}`;
  }
  return `[${json}]`;
}

function spanJson(span: SpanRecord, timeOrigin: number): string {
  const parent = span.parentSpanId ? `"parentSpanId":"${span.parentSpanId}",` : "";
  const status = span.error ? `{"code":${STATUS_ERROR},"message":${JSON.stringify(span.error)}}` : "{}";
  return (
    `{"traceId":"${span.traceId}","spanId":"${span.spanId}",${parent}"name":${JSON.stringify(span.name)},` +
    `"kind":${span.kind},"startTimeUnixNano":"${unixNanos(timeOrigin, span.start)}",` +
    `"endTimeUnixNano":"${unixNanos(timeOrigin, span.end)}","attributes":${attributesJson(span.attributes)},` +
    `"status":${status}}`
  );
}

/**
 * The request body for `count` spans from `spans` starting at `first` (a ring: indexes wrap around).
 * `resource` is attributesJson of the resource's attributes, made once.
 */
export function exportRequestJson(
  resource: string,
  scope: string,
  spans: ReadonlyArray<SpanRecord | undefined>,
  first: number,
  count: number,
  timeOrigin = performance.timeOrigin,
): string {
  let body = "";
  for (let index = 0; index < count; index++) {
    const span = spans[(first + index) % spans.length] as SpanRecord;
    if (index > 0) body += ",";
    body += spanJson(span, timeOrigin);
  }
  return (
    `{"resourceSpans":[{"resource":{"attributes":${resource}},` +
    `"scopeSpans":[{"scope":{"name":${JSON.stringify(scope)}},"spans":[${body}]}]}]}`
  );
}
