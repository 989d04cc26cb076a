// Traces over OTLP/HTTP (OpenTelemetry), only when an endpoint is configured. Nothing here is global:
// the provider belongs to the app, and a tool call carries its own trace (call-trace.ts), so Sentry's
// own OpenTelemetry set-up is left alone. With no endpoint there is no provider and no span object at all.
import type { Tracer } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
} from "@opentelemetry/sdk-trace-base";
import type { Config } from "../config.ts";

export interface Tracing {
  tracer: Tracer;
  /** Share of calls without a sampled parent that are traced (OTEL_TRACES_SAMPLER_ARG). */
  sampleRatio: number;
  /** Exports what is queued now. */
  flush(): Promise<void>;
  /** Exports what is still queued, then stops. */
  shutdown(): Promise<void>;
}

export function createTracing(config: Pick<Config, "tracing" | "environment">): Tracing | null {
  const { endpoint, serviceName, sampleRatio } = config.tracing;
  if (!endpoint) return null;
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      "service.name": serviceName,
      "deployment.environment.name": config.environment,
    }),
    // A client's sampled flag is followed. Calls that start here were already drawn at sampleRatio by
    // call-trace.ts, before any span object exists: a call not drawn costs one Math.random().
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: endpoint }))],
  });
  return {
    tracer: provider.getTracer("portico"),
    sampleRatio,
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
