// Traces over OTLP/HTTP, only when an endpoint is configured. A tool call's spans are Portico's own
// records (span-record.ts, call-trace.ts) sent in batches by otlp-exporter.ts, not OpenTelemetry SDK
// spans: the SDK cost a fully traced call more than the 10 % asked for (docs/perf/observability-2026-11.md).
// Nothing here is global, so Sentry's own OpenTelemetry set-up is left alone. With no endpoint there is
// no exporter and no span record at all.
import type { Config } from "../config.ts";
import { createOtlpExporter } from "./otlp-exporter.ts";
import type { SpanSink } from "./span-record.ts";

export interface Tracing {
  /** Where ended spans go. */
  spans: SpanSink;
  /** Share of calls without a client's trace that are traced (OTEL_TRACES_SAMPLER_ARG). */
  sampleRatio: number;
  /** Exports what is queued now. */
  flush(): Promise<void>;
  /** Exports what is still queued, then stops. */
  shutdown(): Promise<void>;
  /** Spans dropped because the collector was down or slow. */
  dropped(): number;
}

export function createTracing(config: Pick<Config, "tracing" | "environment">): Tracing | null {
  const { endpoint, protocol, serviceName, sampleRatio } = config.tracing;
  if (!endpoint) return null;
  const exporter = createOtlpExporter({
    url: endpoint,
    protocol,
    resource: { "service.name": serviceName, "deployment.environment.name": config.environment },
  });
  return {
    spans: exporter,
    sampleRatio,
    flush: () => exporter.flush(),
    shutdown: () => exporter.shutdown(),
    dropped: () => exporter.dropped(),
  };
}
