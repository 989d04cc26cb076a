// The conformance suite cannot send an Authorization header, and /mcp requires one. This loopback
// proxy adds `Authorization: Bearer <token>` (once a token is set) and forwards everything else as
// received — method, path, headers including Host, and both bodies streamed, SSE included — so the
// suite's Host/Origin probes still reach Portico's DNS-rebinding check unchanged.
import http from "node:http";

export interface AuthProxy {
  url: string;
  /** The bearer token added from now on; null sends requests without one. */
  setToken(token: string | null): void;
  close(): Promise<void>;
}

export function startAuthProxy(listenPort: number, targetPort: number): Promise<AuthProxy> {
  let token: string | null = null;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers };
    if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
    const upstream = http.request(
      { host: "127.0.0.1", port: targetPort, method: request.method, path: request.url, headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        response.flushHeaders();
        answer.pipe(response);
      },
    );
    upstream.on("error", (error) => {
      if (response.headersSent) response.destroy(error);
      else response.writeHead(502, { "content-type": "text/plain" }).end(`Proxy error: ${error.message}`);
    });
    request.pipe(upstream);
    // A client that goes away (the suite closing an SSE stream) closes the upstream request too, so
    // Portico sees the disconnect.
    response.on("close", () => {
      if (!response.writableFinished) upstream.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => {
      resolve({
        url: `http://localhost:${listenPort}`,
        setToken(value) {
          token = value;
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            agent.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
