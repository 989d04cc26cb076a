// A tiny HTTP server on 127.0.0.1 for provider fakes: routes by method and path, records requests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A request's query as [name, value] pairs in order, for exact comparison. */
export const queryOf = (request: RecordedRequest) => [...request.query.entries()];

/** Replaces what a fake holds (its records, kept by reference) with `items`, as a test's set-up seeds it. */
export function reseed<T>(list: T[], ...items: T[]) {
  list.splice(0, list.length, ...items);
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface HttpFake {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

export async function startHttpFake(handle: Handler): Promise<HttpFake> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((incoming, response) => {
    let body = "";
    incoming.setEncoding("utf8");
    incoming.on("data", (chunk: string) => {
      body += chunk;
    });
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://fake");
      const request: RecordedRequest = {
        method: incoming.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body,
      };
      requests.push(request);
      Promise.resolve(handle(request, response)).catch((error: unknown) => {
        json(response, 500, { error: "fake_failure", error_description: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake server has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
