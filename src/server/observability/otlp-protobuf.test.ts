// The protobuf we write, byte for byte against the OpenTelemetry JS SDK's own serializer
// (@opentelemetry/otlp-transformer) given the same spans as the SDK's ReadableSpans: no protobuf
// decoder is installed, and an encoder of the OpenTelemetry project is the reference at hand.
import { SpanKind as ApiSpanKind, type HrTime } from "@opentelemetry/api";
import { ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { resourceFromAttributes } from "@opentelemetry/resources";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { exportRequestProtobuf, unixSecondsAndNanos } from "./otlp-protobuf.ts";
import { endSpan, SpanKind, type SpanRecord, startSpan } from "./span-record.ts";

const TRACE = "0af7651916cd43dd8448eb211c80319c";
const CLIENT_SPAN = "b7ad6b7169203331";
const RESOURCE = { "service.name": "portico", "deployment.environment.name": "test" };
const TIME_ORIGIN = 1_764_000_000_123.456;
/** One object: the SDK groups spans by their scope object's identity. */
const SCOPE = { name: "portico" };

const apiKind = {
  [SpanKind.INTERNAL]: ApiSpanKind.INTERNAL,
  [SpanKind.SERVER]: ApiSpanKind.SERVER,
  [SpanKind.CLIENT]: ApiSpanKind.CLIENT,
};

/** Our record as the SDK's ReadableSpan: the same ids, times, attributes and status. */
function asReadableSpan(span: SpanRecord, resource: ReturnType<typeof resourceFromAttributes>): ReadableSpan {
  const time = (reading: number) => unixSecondsAndNanos(TIME_ORIGIN, reading) as HrTime;
  return {
    name: span.name,
    kind: apiKind[span.kind],
    spanContext: () => ({ traceId: span.traceId, spanId: span.spanId, traceFlags: 1 }),
    parentSpanContext: span.parentSpanId
      ? { traceId: span.traceId, spanId: span.parentSpanId, traceFlags: 1, isRemote: span.parentRemote }
      : undefined,
    startTime: time(span.start),
    endTime: time(span.end),
    status: span.error ? { code: 2, message: span.error } : { code: 0 },
    attributes: span.attributes,
    links: [],
    events: [],
    duration: [0, 0],
    ended: true,
    resource,
    instrumentationScope: SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

describe("OTLP protobuf", () => {
  it("writes the bytes the OpenTelemetry SDK's serializer writes for the same spans", () => {
    const spans: SpanRecord[] = [];
    const sink = { add: (span: SpanRecord) => void spans.push(span) };
    const call = startSpan(
      sink,
      TRACE,
      CLIENT_SPAN,
      "tools/call hubspot_list_contacts",
      SpanKind.SERVER,
      {
        "portico.door": "mcp",
        "portico.tool": "hubspot_list_contacts",
        "portico.project_id": "prj_ü", // multi-byte UTF-8
      },
      true,
    );
    const upstream = startSpan(sink, TRACE, call.spanId, "GET hubspot", SpanKind.CLIENT, {
      "http.request.method": "GET",
      "url.full": "https://api.hubapi.test/crm/v3/objects/contacts",
      "http.response.status_code": 503,
      ratio: 0.25,
      cached: true,
    });
    endSpan(upstream, "HTTP 503");
    endSpan(startSpan(sink, TRACE, call.spanId, "admission", SpanKind.INTERNAL, {}));
    call.attributes["portico.outcome"] = "error";
    call.attributes.long = "x".repeat(300); // two-byte lengths
    endSpan(call, "tool error");

    const ours = exportRequestProtobuf(RESOURCE, "portico", spans, 0, spans.length, TIME_ORIGIN);
    const resource = resourceFromAttributes(RESOURCE);
    const reference = ProtobufTraceSerializer.serializeRequest(
      spans.map((span) => asReadableSpan(span, resource)),
    );
    expect(Buffer.from(ours).toString("hex")).toBe(Buffer.from(reference ?? []).toString("hex"));
  });

  it("reads a ring from any start, wrapping around", () => {
    const spans: SpanRecord[] = [];
    const sink = { add: (span: SpanRecord) => void spans.push(span) };
    for (const name of ["a", "b", "c"]) endSpan(startSpan(sink, TRACE, null, name, SpanKind.INTERNAL, {}));
    const wrapped = exportRequestProtobuf({}, "portico", spans, 2, 2, TIME_ORIGIN);
    const inOrder = exportRequestProtobuf({}, "portico", [spans[2], spans[0]], 0, 2, TIME_ORIGIN);
    expect(wrapped.equals(inOrder)).toBe(true);
  });

  it("splits Unix nanoseconds into whole seconds and nanoseconds", () => {
    expect(unixSecondsAndNanos(1_764_000_000_000, 1.5)).toEqual([1_764_000_000, 1_500_000]);
    expect(unixSecondsAndNanos(1_764_000_000_999.25, 0)).toEqual([1_764_000_000, 999_250_000]);
  });
});
