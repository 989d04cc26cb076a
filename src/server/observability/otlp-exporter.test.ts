import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config.ts";
import { createOtlpExporter } from "./otlp-exporter.ts";
import { unixNanos } from "./otlp-json.ts";
import { exportRequestProtobuf } from "./otlp-protobuf.ts";
import { endSpan, SpanKind, type SpanRecord, type SpanSink, startSpan } from "./span-record.ts";

const TRACE = "0af7651916cd43dd8448eb211c80319c";

interface Body {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: Record<string, unknown> }> };
    scopeSpans: Array<{ scope: { name: string }; spans: Array<Record<string, unknown>> }>;
  }>;
}

function collector() {
  const bodies: Body[] = [];
  const send = async (_url: string, body: string | Buffer) => {
    bodies.push(JSON.parse(body.toString()) as Body);
  };
  const names = () =>
    bodies.flatMap((body) => body.resourceSpans[0]?.scopeSpans[0]?.spans.map((span) => span.name));
  return { bodies, send, names };
}

const ended = (sink: SpanSink, name: string, attributes: SpanRecord["attributes"] = {}) => {
  const span = startSpan(sink, TRACE, null, name, SpanKind.INTERNAL, attributes);
  endSpan(span);
  return span;
};

describe("the OTLP batch exporter", () => {
  it("sends a full batch on a later turn, not inside the span's end", async () => {
    const { send, names } = collector();
    const exporter = createOtlpExporter({
      url: "http://collector.test/v1/traces",
      resource: {},
      protocol: "http/json",
      batchSize: 3,
      send,
    });
    for (const name of ["a", "b", "c", "d"]) ended(exporter, name);
    expect(names()).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(names()).toEqual(["a", "b", "c"]);
    await exporter.shutdown();
    expect(names()).toEqual(["a", "b", "c", "d"]);
  });

  it("writes OTLP/HTTP JSON: resource, scope, ids in hex, kind, nanosecond times, attributes, status", async () => {
    const { bodies, send } = collector();
    const exporter = createOtlpExporter({
      url: "http://collector.test/v1/traces",
      resource: { "service.name": "portico" },
      protocol: "http/json",
      send,
    });
    const span = startSpan(exporter, TRACE, "b7ad6b7169203331", 'GET "x"', SpanKind.CLIENT, {
      "http.response.status_code": 503,
      "url.full": "https://a.test/",
      ratio: 0.5,
      cached: false,
    });
    endSpan(span, "HTTP 503");
    await exporter.flush();
    const [resourceSpans] = bodies[0]?.resourceSpans ?? [];
    expect(resourceSpans?.resource.attributes).toEqual([
      { key: "service.name", value: { stringValue: "portico" } },
    ]);
    expect(resourceSpans?.scopeSpans[0]?.scope.name).toBe("portico");
    expect(resourceSpans?.scopeSpans[0]?.spans[0]).toEqual({
      traceId: TRACE,
      spanId: span.spanId,
      parentSpanId: "b7ad6b7169203331",
      name: 'GET "x"',
      kind: 3,
      startTimeUnixNano: unixNanos(performance.timeOrigin, span.start),
      endTimeUnixNano: unixNanos(performance.timeOrigin, span.end),
      attributes: [
        { key: "http.response.status_code", value: { intValue: 503 } },
        { key: "url.full", value: { stringValue: "https://a.test/" } },
        { key: "ratio", value: { doubleValue: 0.5 } },
        { key: "cached", value: { boolValue: false } },
      ],
      status: { code: 2, message: "HTTP 503" },
    });
    // An unset status is left out.
    endSpan(startSpan(exporter, TRACE, null, "ok", SpanKind.INTERNAL, {}));
    await exporter.flush();
    expect(bodies[1]?.resourceSpans[0]?.scopeSpans[0]?.spans[0]).not.toHaveProperty("status");
    await exporter.shutdown();
  });

  it("keeps the newest spans when the collector is down, and counts what it dropped", async () => {
    let down = true;
    const { send, names } = collector();
    const exporter = createOtlpExporter({
      url: "http://collector.test/v1/traces",
      resource: {},
      protocol: "http/json",
      maxQueue: 4,
      batchSize: 4,
      send: (url, body) => (down ? Promise.reject(new Error("ECONNREFUSED")) : send(url, body)),
    });
    // Six spans into a ring of four before any export runs: the two oldest make room.
    for (const name of ["1", "2", "3", "4", "5", "6"]) ended(exporter, name);
    expect(exporter.dropped()).toBe(2);
    await exporter.flush();
    expect(exporter.dropped()).toBe(6);
    down = false;
    ended(exporter, "7");
    await exporter.shutdown();
    expect(names()).toEqual(["7"]);
  });

  it("writes Unix nanoseconds beyond a double's integers exactly from the millisecond reading", () => {
    expect(unixNanos(1_764_000_000_000, 1.5)).toBe("1764000000001500000");
    expect(unixNanos(1_764_000_000_000.25, 0)).toBe("1764000000000250000");
  });
});

describe("the OTLP exporter over HTTP", () => {
  it("POSTs protobuf by default to the collector, and flushes on shutdown", async () => {
    const received: Array<{ type: string | undefined; body: Buffer }> = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({ type: request.headers["content-type"], body: Buffer.concat(chunks) });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
    const exporter = createOtlpExporter({ url, resource: { "service.name": "portico" } });
    const span = ended(exporter, "admission");
    await exporter.shutdown();
    server.close();
    expect(received).toEqual([
      {
        type: "application/x-protobuf",
        body: exportRequestProtobuf({ "service.name": "portico" }, "portico", [span], 0, 1),
      },
    ]);
    expect(exporter.dropped()).toBe(0);
  });

  it("counts a batch the collector refuses as dropped", async () => {
    const server = createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
    const exporter = createOtlpExporter({ url, resource: {} });
    ended(exporter, "a");
    ended(exporter, "b");
    await exporter.shutdown();
    server.close();
    expect(exporter.dropped()).toBe(2);
  });
});

describe("the OTLP protocol setting", () => {
  it("is protobuf unless http/json is asked for, the traces variable first; anything else is refused", () => {
    const protocol = (env: Record<string, string>) =>
      parseConfig({ APP_ENV: "test", ...env }).tracing.protocol;
    expect(protocol({})).toBe("http/protobuf");
    expect(protocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" })).toBe("http/json");
    expect(
      protocol({
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf",
      }),
    ).toBe("http/protobuf");
    expect(() => protocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL must be http\/protobuf or http\/json/,
    );
  });
});
