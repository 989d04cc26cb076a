// A fake provider REST API for credential checks: answers 200 to requests whose credentials the test
// accepts and 401 to the rest, recording every request. A login (POST …/login, as Caflou's) it accepts
// answers FAKE_SESSION_TOKEN in Caflou's shape.
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface FakeApiProvider extends HttpFake {
  /** Decides whether a request carries valid credentials; tests may swap it. */
  accepts: (request: RecordedRequest) => boolean;
}

export const FAKE_SESSION_TOKEN = "fake-session-token-0001";

export async function startFakeApiProvider(accepts: FakeApiProvider["accepts"]): Promise<FakeApiProvider> {
  let fake!: FakeApiProvider;
  const http = await startHttpFake((request, response) => {
    if (!fake.accepts(request)) return json(response, 401, { error: "unauthorized" });
    if (request.method === "POST" && request.path.endsWith("/login")) {
      return json(response, 200, { access_token: FAKE_SESSION_TOKEN, expires_at: Date.now() / 1000 + 3600 });
    }
    json(response, 200, { data: [], ok: true });
  });
  fake = { ...http, accepts };
  return fake;
}

export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
