import {
  AlwaysOnSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { childSpan, endSpan, startCallTrace } from "./call-trace.ts";

const TRACE = "0af7651916cd43dd8448eb211c80319c";
const PARENT = "b7ad6b7169203331";

function tracing(sampleRatio: number) {
  const memory = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    // As tracing.ts sets it up: a client's sampled flag followed, the rest already drawn by call-trace.ts.
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    spanProcessors: [new SimpleSpanProcessor(memory)],
  });
  return { memory, tracing: { tracer: provider.getTracer("test"), sampleRatio } };
}

describe("a tool call's trace", () => {
  it("records nothing for a client's unsampled trace, but keeps its trace id and passes its traceparent on", () => {
    const { memory, tracing: t } = tracing(1);
    const incoming = `00-${TRACE}-${PARENT}-00`;
    const trace = startCallTrace(t, incoming, "tools/call x", () => ({}));
    expect(trace).toEqual({ traceId: TRACE, span: null, tracer: null, incoming });
    expect(childSpan(trace, "admission")).toBeNull();
    expect(memory.getFinishedSpans()).toHaveLength(0);
  });

  it("continues a client's sampled trace, the children under the call's span", () => {
    const { memory, tracing: t } = tracing(0);
    const trace = startCallTrace(t, `00-${TRACE}-${PARENT}-01`, "tools/call x", () => ({
      "portico.tool": "x",
    }));
    expect(trace?.traceId).toBe(TRACE);
    const admission = childSpan(trace, "admission");
    endSpan(admission);
    endSpan(trace?.span ?? null, "tool error");
    const [child, call] = memory.getFinishedSpans();
    expect(call?.parentSpanContext?.spanId).toBe(PARENT);
    expect(call?.parentSpanContext?.isRemote).toBe(true);
    expect(call?.attributes["portico.tool"]).toBe("x");
    expect(call?.status.message).toBe("tool error");
    expect(child?.spanContext().traceId).toBe(TRACE);
    expect(child?.parentSpanContext?.spanId).toBe(call?.spanContext().spanId);
  });

  it("draws calls without a client trace at the sample ratio", () => {
    expect(startCallTrace(tracing(0).tracing, null, "tools/call x", () => ({}))).toBeNull();
    const { memory, tracing: t } = tracing(1);
    const trace = startCallTrace(t, null, "tools/call x", () => ({}));
    expect(trace?.traceId).toMatch(/^[0-9a-f]{32}$/);
    endSpan(trace?.span ?? null);
    expect(memory.getFinishedSpans()).toHaveLength(1);
  });
});
