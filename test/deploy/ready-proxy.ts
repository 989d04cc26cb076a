// A round-robin load balancer for tests that probes readiness as the kubelet does: /readyz every
// PROBE_MS, a backend leaves the rotation after FAILURE_THRESHOLD failed probes in a row (an answer
// other than 200, or none within PROBE_TIMEOUT_MS) and rejoins at the first good one. It never
// retries: a request sent to a backend that then fails is the client's failure, so a test sees every
// call a rolling restart would lose.
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";

const PROBE_MS = 200;
const PROBE_TIMEOUT_MS = 3_000;
const FAILURE_THRESHOLD = 2;

export interface ReadyProxy {
  url: string;
  add(backend: string): void;
  remove(backend: string): void;
  /** Backends whose last probe answered 200. */
  readyCount(): number;
  /** Requests sent to this backend so far. */
  served(backend: string): number;
  /** Each backend's changes in and out of the rotation, with the probe result that caused them. */
  history(): string[];
  close(): Promise<void>;
}

interface Backend {
  url: URL;
  ready: boolean;
  failures: number;
  served: number;
  timer: NodeJS.Timeout | undefined;
}

export async function startReadyProxy(port: number): Promise<ReadyProxy> {
  const backends = new Map<string, Backend>();
  const changes: string[] = [];
  let turn = 0;

  async function probe(backend: Backend) {
    let result: string;
    try {
      const response = await fetch(new URL("/readyz", backend.url), {
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      result = response.status === 200 ? "ok" : `${response.status} ${await response.text()}`;
    } catch (error) {
      result = String(error);
    }
    const wasReady = backend.ready;
    if (result === "ok") {
      backend.failures = 0;
      backend.ready = true;
    } else if (++backend.failures >= FAILURE_THRESHOLD) backend.ready = false;
    if (wasReady !== backend.ready)
      changes.push(
        `${new Date().toISOString()} ${backend.url.host} ${backend.ready ? "in" : "out"}: ${result}`,
      );
  }

  function pick(): Backend | undefined {
    const ready = [...backends.values()].filter((backend) => backend.ready);
    if (ready.length === 0) return undefined;
    turn = (turn + 1) % ready.length;
    return ready[turn];
  }

  function forward(req: IncomingMessage, res: ServerResponse) {
    const backend = pick();
    if (!backend) {
      res.writeHead(503).end("no ready backend");
      return;
    }
    backend.served += 1;
    const upstream = request(
      {
        host: backend.url.hostname,
        port: backend.url.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, connection: "close" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(`proxy: ${backend.url.host}: ${error.message}`);
    });
    req.pipe(upstream);
  }

  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    url: `http://localhost:${port}`,
    add(url) {
      const backend: Backend = { url: new URL(url), ready: false, failures: 0, served: 0, timer: undefined };
      backend.timer = setInterval(() => void probe(backend), PROBE_MS);
      backends.set(url, backend);
      void probe(backend);
    },
    remove(url) {
      const backend = backends.get(url);
      if (backend) clearInterval(backend.timer);
      backends.delete(url);
    },
    readyCount: () => [...backends.values()].filter((backend) => backend.ready).length,
    served: (url) => backends.get(url)?.served ?? 0,
    history: () => [...changes],
    async close() {
      for (const backend of backends.values()) clearInterval(backend.timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
