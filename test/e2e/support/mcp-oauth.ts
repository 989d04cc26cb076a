// What a native MCP client (Claude Code, VS Code…) brings to an OAuth flow besides its OAuthClientProvider
// (test/support/sdk-oauth-provider.ts): a loopback HTTP server that receives the redirect, once the test
// has played the human in Chromium.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackCallback {
  url: string;
  /** The query of the first request to the callback path. */
  received: Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function startLoopbackCallback(): Promise<LoopbackCallback> {
  let resolve: (query: URLSearchParams) => void = () => {};
  const received = new Promise<URLSearchParams>((done) => {
    resolve = done;
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    resolve(url.searchParams);
    response.writeHead(200, { "content-type": "text/html" });
    response.end("<!doctype html><title>Done</title><h1>Authorization complete</h1>");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    received,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
