import { describe, expect, it } from "vitest";
import { childSpan, endSpan, startCallTrace, tracedUpstream } from "./call-trace.ts";
import type { SpanRecord } from "./span-record.ts";

const TRACE = "0af7651916cd43dd8448eb211c80319c";
const PARENT = "b7ad6b7169203331";

function tracing(sampleRatio: number) {
  const ended: SpanRecord[] = [];
  return { ended, tracing: { spans: { add: (span: SpanRecord) => void ended.push(span) }, sampleRatio } };
}

describe("a tool call's trace", () => {
  it("records nothing for a client's unsampled trace, but keeps its trace id and passes its traceparent on", async () => {
    const { ended, tracing: t } = tracing(1);
    const incoming = `00-${TRACE}-${PARENT}-00`;
    const trace = startCallTrace(t, incoming, "tools/call x", () => ({}));
    expect(trace).toEqual({ traceId: TRACE, span: null, incoming });
    expect(childSpan(trace, "admission")).toBeNull();
    const sent = await tracedUpstream(
      trace,
      { integration: "i", method: "GET", url: "https://a.test/x" },
      async (tp) => tp,
      () => 200,
    );
    expect(sent).toBe(incoming);
    expect(ended).toHaveLength(0);
  });

  it("continues a client's sampled trace, the children under the call's span", () => {
    const { ended, tracing: t } = tracing(0);
    const trace = startCallTrace(t, `00-${TRACE}-${PARENT}-01`, "tools/call x", () => ({
      "portico.tool": "x",
    }));
    expect(trace?.traceId).toBe(TRACE);
    const admission = childSpan(trace, "admission");
    endSpan(admission);
    endSpan(trace?.span ?? null, "tool error");
    const [child, call] = ended;
    expect(call?.parentSpanId).toBe(PARENT);
    expect(call?.kind).toBe(2);
    expect(call?.attributes["portico.tool"]).toBe("x");
    expect(call?.error).toBe("tool error");
    expect(call && call.end >= call.start).toBe(true);
    expect(child?.traceId).toBe(TRACE);
    expect(child?.parentSpanId).toBe(call?.spanId);
    expect(child?.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(child?.spanId).not.toBe(call?.spanId);
  });

  it("sends upstream the traceparent of its client span, a child of the call's", async () => {
    const { ended, tracing: t } = tracing(1);
    const trace = startCallTrace(t, null, "tools/call x", () => ({}));
    const sent = await tracedUpstream(
      trace,
      { integration: "hubspot", method: "GET", url: "https://api.test/v3/x?hapikey=secret" },
      async (traceparent) => traceparent,
      () => 503,
    );
    const [upstream] = ended;
    expect(sent).toBe(`00-${trace?.traceId}-${upstream?.spanId}-01`);
    expect(upstream?.parentSpanId).toBe(trace?.span?.spanId);
    expect(upstream?.kind).toBe(3);
    expect(upstream?.attributes).toMatchObject({
      "url.full": "https://api.test/v3/x",
      "http.response.status_code": 503,
    });
    expect(upstream?.error).toBe("HTTP 503");
  });

  it("draws calls without a client trace at the sample ratio", () => {
    expect(startCallTrace(tracing(0).tracing, null, "tools/call x", () => ({}))).toBeNull();
    const { ended, tracing: t } = tracing(1);
    const trace = startCallTrace(t, null, "tools/call x", () => ({}));
    expect(trace?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(trace?.span?.parentSpanId).toBeNull();
    endSpan(trace?.span ?? null);
    expect(ended).toHaveLength(1);
    const ids = new Set(
      Array.from({ length: 1000 }, () => startCallTrace(t, null, "x", () => ({}))?.traceId),
    );
    expect(ids.size).toBe(1000);
  });
});
