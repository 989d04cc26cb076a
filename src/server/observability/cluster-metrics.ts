// Metrics of the whole server when it runs as several processes (WEB_CONCURRENCY above 1, node:cluster).
// A scrape lands on one worker; it asks the supervising process over cluster IPC, which gathers every
// worker's registry with prom-client's AggregatorRegistry (its own IPC request to each worker) and
// replies with the text. Counters and histograms (Portico's fast ones included, fast-metrics.ts) are
// summed per label set; gauges are summed (the call-log backlog, pool connections) unless they say
// otherwise (the oldest unwritten call's age is the maximum, metrics.ts).
import cluster from "node:cluster";
import client from "prom-client";
import { registry } from "./metrics.ts";

const REQUEST = "portico:metrics-request";
const RESPONSE = "portico:metrics-response";
/** Longer than AggregatorRegistry's own 5 s for the workers, so its error is the one reported. */
const ANSWER_TIMEOUT_MS = 6_000;

interface MetricsResponse {
  type: typeof RESPONSE;
  id: number;
  text?: string;
  error?: string;
}

const isMessage = (message: unknown, type: string): boolean =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === type;

/** In the supervising process: answers each worker's request with every worker's metrics, summed. */
export function serveClusterMetrics(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: unknown) => {
    if (!isMessage(message, REQUEST)) return;
    const { id } = message as { id: number };
    const reply = (answer: Omit<MetricsResponse, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: RESPONSE, id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    );
  });
}

const waiting = new Map<number, (answer: MetricsResponse) => void>();
let nextId = 0;

/**
 * In a worker, at start: offers this process's registry to the supervisor's gathering (prom-client
 * listens for its requests once an AggregatorRegistry exists here) and listens for the answers to
 * clusterMetricsText. Does nothing outside a cluster worker.
 */
export function joinClusterMetrics(): void {
  if (!cluster.isWorker) return;
  client.AggregatorRegistry.setRegistries([registry]);
  new client.AggregatorRegistry();
  process.on("message", (message: unknown) => {
    if (!isMessage(message, RESPONSE)) return;
    const answer = message as MetricsResponse;
    waiting.get(answer.id)?.(answer);
  });
}

/** The whole server's metrics text in a cluster worker; null in a single process (the local registry). */
export function clusterMetricsText(): Promise<string> | null {
  if (!cluster.isWorker || !process.send) return null;
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => finish({ type: RESPONSE, id, error: "no answer from the supervisor" }),
      ANSWER_TIMEOUT_MS,
    );
    const finish = (answer: MetricsResponse) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(`Metrics of the server processes could not be gathered: ${answer.error}`));
    };
    waiting.set(id, finish);
    process.send?.({ type: REQUEST, id });
  });
}
