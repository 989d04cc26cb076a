// A fake provider REST API for the OpenAPI engine: records every request and answers with whatever the
// test's `respond` returns (status, JSON or text body, headers, an optional delay), 200 {} by default.
import { type HttpFake, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface FakeAnswer {
  status?: number;
  /** Sent as JSON unless `text` is given. */
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering (timeouts). */
  delayMs?: number;
}

export interface FakeRestProvider extends HttpFake {
  respond: (request: RecordedRequest) => FakeAnswer;
}

export async function startFakeRestProvider(): Promise<FakeRestProvider> {
  let fake!: FakeRestProvider;
  const http = await startHttpFake(async (request, response) => {
    const answer = fake.respond(request);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed) return;
    const isText = answer.text !== undefined;
    response.writeHead(answer.status ?? 200, {
      "content-type": isText ? "text/plain; charset=utf-8" : "application/json",
      ...answer.headers,
    });
    response.end(isText ? answer.text : JSON.stringify(answer.json ?? {}));
  });
  fake = { ...http, respond: () => ({ json: {} }) };
  return fake;
}
