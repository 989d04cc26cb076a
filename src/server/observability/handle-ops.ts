// The operator's endpoints: liveness, readiness (health.ts) and Prometheus metrics (metrics.ts).
import { timingSafeEqual } from "node:crypto";
import type { App } from "../app-services.ts";
import type { Config } from "../config.ts";
import { clusterMetricsText } from "./cluster-metrics.ts";
import { LIVENESS_PATH, livenessResponse, READINESS_PATH, readinessResponse } from "./health.ts";
import { registry } from "./metrics.ts";

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

async function metricsResponse(config: Config, request: Request): Promise<Response> {
  const { token } = config.metrics;
  if (token) {
    const header = request.headers.get("authorization") ?? "";
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? "";
    if (!sameSecret(given, token)) {
      return new Response("Unauthorized\n", {
        status: 401,
        headers: { "www-authenticate": 'Bearer realm="metrics"', "content-type": "text/plain" },
      });
    }
  }
  let text: string;
  try {
    // Every server process's with WEB_CONCURRENCY above 1, this one's otherwise.
    text = await (clusterMetricsText() ?? registry.metrics());
  } catch (error) {
    // A partial answer would look like counters going back (a reset) to Prometheus: a failed scrape.
    return new Response(`${(error as Error).message}\n`, {
      status: 503,
      headers: { "content-type": "text/plain", "cache-control": "no-store" },
    });
  }
  return new Response(text, {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}

/** Answers an operator's endpoint, or null when `pathname` is none of them (or metrics are off). */
export function handleOpsRequest(
  config: Config,
  app: () => Promise<App>,
  request: Request,
  pathname: string,
): Promise<Response> | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (pathname === LIVENESS_PATH) return Promise.resolve(livenessResponse());
  if (pathname === READINESS_PATH) {
    // An app that failed to start is not ready; why is the start-up log's to say, not the probe's.
    return app().then(readinessResponse, () => new Response('{"status":"not ready"}', { status: 503 }));
  }
  if (config.metrics.enabled && pathname === config.metrics.path) return metricsResponse(config, request);
  return null;
}
