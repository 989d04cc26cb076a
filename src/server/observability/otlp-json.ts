// Spans as an OTLP/HTTP JSON ExportTraceServiceRequest (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding):
// ids as lower-case hex, enums as numbers, the 64-bit nanosecond times as decimal strings. Written as
// one string straight from the records, with JSON.stringify only on the strings that come from outside
// (names, attribute values), where a tree of objects would be built and thrown away per span.
import type { Attributes, AttributeValue, SpanRecord } from "./span-record.ts";

/** OTLP's STATUS_CODE_ERROR. */
const STATUS_ERROR = 2;

/** performance.now() milliseconds as Unix nanoseconds, a decimal string (beyond a double's integers). */
export function unixNanos(timeOrigin: number, reading: number): string {
  const ms = timeOrigin + reading;
  const whole = Math.floor(ms);
  const nanos = Math.min(999_999, Math.round((ms - whole) * 1e6));
  return `${whole}${String(nanos).padStart(6, "0")}`;
}

function attributeValue(value: AttributeValue): string {
  if (typeof value === "string") return `{"stringValue":${JSON.stringify(value)}}`;
  if (typeof value === "boolean") return `{"boolValue":${value}}`;
  return Number.isInteger(value) ? `{"intValue":${value}}` : `{"doubleValue":${value}}`;
}

// Attribute keys are a handful of fixed names: each one's JSON is made once.
const keyJson = new Map<string, string>();
function keyPrefix(key: string): string {
  let prefix = keyJson.get(key);
  if (prefix === undefined) {
    prefix = `{"key":${JSON.stringify(key)},"value":`;
    if (keyJson.size < 256) keyJson.set(key, prefix);
  }
  return prefix;
}

export function attributesJson(attributes: Attributes): string {
  let json = "";
  for (const key in attributes) {
    if (json) json += ",";
    json += `${keyPrefix(key)}${attributeValue(attributes[key] as AttributeValue)}}`;
  }
  return `[${json}]`;
}

function spanJson(span: SpanRecord, timeOrigin: number): string {
  const parent = span.parentSpanId ? `"parentSpanId":"${span.parentSpanId}",` : "";
  // An unset status is left out, as proto3's JSON mapping leaves out default values.
  const status = span.error
    ? `,"status":{"code":${STATUS_ERROR},"message":${JSON.stringify(span.error)}}`
    : "";
  return (
    `{"traceId":"${span.traceId}","spanId":"${span.spanId}",${parent}"name":${JSON.stringify(span.name)},` +
    `"kind":${span.kind},"startTimeUnixNano":"${unixNanos(timeOrigin, span.start)}",` +
    `"endTimeUnixNano":"${unixNanos(timeOrigin, span.end)}","attributes":${attributesJson(span.attributes)}${status}}`
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
