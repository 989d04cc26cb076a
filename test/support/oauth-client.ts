// Plays an MCP client and its user against the in-process app, step by step, so tests can break any
// step: register (RFC 7591), authorize with PKCE, the consent screen's POST, token, refresh, revoke.
import { createHash, randomBytes } from "node:crypto";
import type { App } from "~/server/app-services.ts";
import { headersFor } from "./app.ts";

export const REDIRECT_URI = "http://127.0.0.1:43117/callback";

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function newPkce(): Pkce {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

export class OAuthTestClient {
  readonly app: App;
  readonly clientId: string;
  readonly redirectUri: string;

  constructor(app: App, clientId: string, redirectUri = REDIRECT_URI) {
    this.app = app;
    this.clientId = clientId;
    this.redirectUri = redirectUri;
  }

  get base() {
    return this.app.config.baseUrl;
  }

  get mcpResource() {
    return `${this.base}/mcp`;
  }

  static async register(app: App, metadata: Record<string, unknown> = {}): Promise<OAuthTestClient> {
    const response = await registerClient(app, {
      client_name: "Test MCP client",
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      ...metadata,
    });
    if (response.status !== 201)
      throw new Error(`register failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { client_id: string; redirect_uris: string[] };
    return new OAuthTestClient(app, body.client_id, body.redirect_uris[0]);
  }

  /** GET /oauth2/authorize as the browser of `cookie`; returns the redirect the server answered. */
  async authorize(cookie: string | undefined, params: Record<string, string | undefined>): Promise<URL> {
    const response = await this.authorizeRequest(cookie, params);
    const location = response.headers.get("location");
    if (response.status !== 302 || !location) {
      throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
    }
    return new URL(location, this.base);
  }

  /** GET /oauth2/authorize as the browser of `cookie`; returns the response as is. */
  authorizeRequest(
    cookie: string | undefined,
    params: Record<string, string | undefined>,
  ): Promise<Response> {
    const url = new URL(`${this.base}/api/auth/oauth2/authorize`);
    const all: Record<string, string | undefined> = {
      response_type: "code",
      client_id: this.clientId,
      redirect_uri: this.redirectUri,
      scope: "mcp offline_access",
      state: "state-123",
      resource: this.mcpResource,
      ...params,
    };
    for (const [name, value] of Object.entries(all))
      if (value !== undefined) url.searchParams.set(name, value);
    const headers = new Headers();
    if (cookie) headers.set("cookie", cookie);
    return this.app.auth.handler(new Request(url, { headers, redirect: "manual" }));
  }

  /** The consent screen's POST: approve for `projectId` (or deny); returns the client redirect. */
  async consent(cookie: string, consentUrl: URL, decision: { accept: boolean; projectId?: string }) {
    const response = await this.app.auth.handler(
      new Request(`${this.base}/api/auth/oauth2/consent`, {
        method: "POST",
        headers: withJson(headersFor(cookie, this.base)),
        body: JSON.stringify({
          accept: decision.accept,
          oauth_query: consentUrl.search.slice(1),
          ...(decision.projectId ? { project_id: decision.projectId } : {}),
        }),
      }),
    );
    const body = (await response.json()) as { url?: string; error_description?: string; message?: string };
    return { status: response.status, body, redirect: body.url ? new URL(body.url) : null };
  }

  /** Signed-in user approves for `projectId` with fresh PKCE; returns the code and its verifier. */
  async approve(cookie: string, projectId: string, params: Record<string, string | undefined> = {}) {
    const pkce = newPkce();
    const consentUrl = await this.authorize(cookie, {
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
      ...params,
    });
    const result = await this.consent(cookie, consentUrl, { accept: true, projectId });
    const code = result.redirect?.searchParams.get("code");
    if (!code) throw new Error(`no code: ${result.status} ${JSON.stringify(result.body)}`);
    return { code, verifier: pkce.verifier, consentUrl };
  }

  async token(params: Record<string, string | undefined>) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries({ client_id: this.clientId, ...params })) {
      if (value !== undefined) body.set(name, value);
    }
    const response = await this.app.auth.handler(
      new Request(`${this.base}/api/auth/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body,
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async exchange(code: string, verifier: string | undefined, extra: Record<string, string | undefined> = {}) {
    return this.token({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: this.redirectUri,
      resource: this.mcpResource,
      ...extra,
    });
  }

  /** The whole flow for a signed-in user: approve for `projectId`, then exchange the code. */
  async connect(cookie: string, projectId: string): Promise<TokenResponse> {
    const { code, verifier } = await this.approve(cookie, projectId);
    const result = await this.exchange(code, verifier);
    if (result.status !== 200)
      throw new Error(`token failed: ${result.status} ${JSON.stringify(result.body)}`);
    return result.body as unknown as TokenResponse;
  }

  async refresh(refreshToken: string, extra: Record<string, string> = {}) {
    return this.token({ grant_type: "refresh_token", refresh_token: refreshToken, ...extra });
  }

  async revoke(token: string, hint?: "access_token" | "refresh_token") {
    const body = new URLSearchParams({ client_id: this.clientId, token });
    if (hint) body.set("token_type_hint", hint);
    return this.app.auth.handler(
      new Request(`${this.base}/api/auth/oauth2/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
    );
  }
}

function withJson(headers: Headers): Headers {
  headers.set("content-type", "application/json");
  return headers;
}

export function registerClient(app: App, metadata: Record<string, unknown>) {
  return app.auth.handler(
    new Request(`${app.config.baseUrl}/api/auth/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(metadata),
    }),
  );
}
