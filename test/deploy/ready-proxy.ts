// A round-robin load balancer for tests that probes readiness as the kubelet does: /readyz every
// PROBE_MS, a backend leaves the rotation after FAILURE_THRESHOLD failed probes in a row (an answer
// other than 200, or none within PROBE_TIMEOUT_MS) and rejoins at the first good one. Connections to
// the backends are kept alive and reused, as an Ingress controller's upstream pool does. The one
// retry is an Ingress's too (nginx's proxy_next_upstream "error"): a connection refused, so the
// request never reached the backend, goes to another ready one; retries() counts them. Anything else
// a backend does wrong (a reset, an error status) is the client's answer, so a test sees every call
// a rolling restart would lose.
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from "node:http";

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
  /** Whether a probe of this backend was answered 503 with draining failing (it said it was stopping). */
  sawDraining(backend: string): boolean;
  /** Requests sent again to another backend after a connection was refused. */
  retries(): number;
  close(): Promise<void>;
}

interface Backend {
  url: URL;
  ready: boolean;
  failures: number;
  served: number;
  sawDraining: boolean;
  timer: NodeJS.Timeout | undefined;
}

/** Hop-by-hop headers, which a proxy does not pass on (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"];

export async function startReadyProxy(port: number): Promise<ReadyProxy> {
  const backends = new Map<string, Backend>();
  const changes: string[] = [];
  const agent = new Agent({ keepAlive: true });
  let turn = 0;
  let retries = 0;

  async function probe(backend: Backend) {
    let result: string;
    try {
      const response = await fetch(new URL("/readyz", backend.url), {
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      result = response.status === 200 ? "ok" : `${response.status} ${await response.text()}`;
      if (response.status === 503 && result.includes('"draining":"failing"')) backend.sawDraining = true;
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

  function pick(tried: Set<Backend>): Backend | undefined {
    const ready = [...backends.values()].filter((backend) => backend.ready && !tried.has(backend));
    if (ready.length === 0) return undefined;
    turn = (turn + 1) % ready.length;
    return ready[turn];
  }

  function send(req: IncomingMessage, body: Buffer, res: ServerResponse, tried: Set<Backend>) {
    const backend = pick(tried);
    if (!backend) {
      res.writeHead(503).end("no ready backend");
      return;
    }
    tried.add(backend);
    backend.served += 1;
    const headers: Record<string, string | string[] | undefined> = {
      ...req.headers,
      "content-length": String(body.length),
    };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = request(
      {
        agent,
        host: backend.url.hostname,
        port: backend.url.port,
        method: req.method,
        path: req.url,
        headers,
      },
      (answer) => {
        const answerHeaders: Record<string, string | string[] | undefined> = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete answerHeaders[name];
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" && !res.headersSent) {
        retries += 1;
        send(req, body, res, tried);
        return;
      }
      if (!res.headersSent) res.writeHead(502);
      res.end(`proxy: ${backend.url.host}: ${error.code ?? error.message}`);
    });
    upstream.end(body);
  }

  /** The body is read whole first (tool calls are small), so a refused request can go elsewhere. */
  function forward(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => send(req, Buffer.concat(chunks), res, new Set()));
  }

  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    url: `http://localhost:${port}`,
    add(url) {
      const backend: Backend = {
        url: new URL(url),
        ready: false,
        failures: 0,
        served: 0,
        sawDraining: false,
        timer: undefined,
      };
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
    sawDraining: (url) => backends.get(url)?.sawDraining ?? false,
    retries: () => retries,
    async close() {
      for (const backend of backends.values()) clearInterval(backend.timer);
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
