// A fake OAuth 2 provider speaking RFC 6749 (authorization code, refresh), RFC 7636 (PKCE S256) and
// RFC 7009 (revocation). It approves every authorization at once (the user "consents"), and lets
// tests count refreshes, slow them down, or make them fail.
import { createHash, randomBytes } from "node:crypto";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
}

export interface FakeOAuthOptions {
  clients: Record<string, string>;
  /** Seconds until an access token expires; undefined issues tokens without expiry. */
  expiresIn?: number;
  issueRefreshTokens?: boolean;
  rotateRefreshTokens?: boolean;
  /** Provider-specific fields of every token answer (e.g. Pipedrive's api_domain). */
  tokenFields?: Record<string, unknown>;
}

export interface FakeOAuthProvider extends HttpFake {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Every access and refresh token issued so far. */
  issued: string[];
  revoked: string[];
  refreshRequests: RecordedRequest[];
  codeRequests: RecordedRequest[];
  /** Milliseconds each refresh takes (to widen the window for concurrent callers). */
  refreshDelayMs: number;
  /** When set, refreshes are refused with this OAuth error. */
  refreshError: { error: string; error_description?: string } | null;
  /** Follows an authorization URL like a consenting user; answers the redirect back to the client. */
  approve(authorizeUrl: string, outcome?: { error: string }): Promise<string>;
}

const token = (kind: string) => `fake-${kind}-${randomBytes(9).toString("base64url")}`;

function clientOf(request: RecordedRequest, form: URLSearchParams) {
  const header = request.headers.authorization;
  if (header?.startsWith("Basic ")) {
    const [id = "", secret = ""] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
  }
  return { id: form.get("client_id") ?? "", secret: form.get("client_secret") ?? "" };
}

export async function startFakeOAuthProvider(options: FakeOAuthOptions): Promise<FakeOAuthProvider> {
  const codes = new Map<string, PendingCode>();
  const refreshTokens = new Set<string>();
  let fake!: FakeOAuthProvider;

  const issue = (withRefresh: boolean) => {
    const access = token("access-token");
    fake.issued.push(access);
    const body: Record<string, unknown> = {
      access_token: access,
      token_type: "Bearer",
      ...options.tokenFields,
    };
    if (options.expiresIn !== undefined) body.expires_in = options.expiresIn;
    if (withRefresh) {
      const refresh = token("refresh-token");
      fake.issued.push(refresh);
      refreshTokens.add(refresh);
      body.refresh_token = refresh;
    }
    return body;
  };

  const http = await startHttpFake(async (request, response) => {
    if (request.method === "GET" && request.path === "/authorize") {
      const redirect = new URL(request.query.get("redirect_uri") ?? "");
      const code = token("code");
      codes.set(code, {
        clientId: request.query.get("client_id") ?? "",
        redirectUri: redirect.toString(),
        codeChallenge: request.query.get("code_challenge"),
      });
      redirect.searchParams.set("code", code);
      redirect.searchParams.set("state", request.query.get("state") ?? "");
      response.writeHead(302, { location: redirect.toString() });
      response.end();
      return;
    }
    const form = new URLSearchParams(request.body);
    const client = clientOf(request, form);
    if (request.method === "POST" && request.path === "/revoke") {
      fake.revoked.push(form.get("token") ?? "");
      refreshTokens.delete(form.get("token") ?? "");
      response.writeHead(200).end();
      return;
    }
    if (request.method !== "POST" || request.path !== "/token")
      return json(response, 404, { error: "not_found" });
    if (options.clients[client.id] === undefined || options.clients[client.id] !== client.secret) {
      return json(response, 401, {
        error: "invalid_client",
        error_description: "Unknown client or wrong secret",
      });
    }
    const grant = form.get("grant_type");
    if (grant === "authorization_code") {
      fake.codeRequests.push(request);
      const pending = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!pending || pending.clientId !== client.id || pending.redirectUri !== form.get("redirect_uri")) {
        return json(response, 400, { error: "invalid_grant", error_description: "Bad code" });
      }
      if (pending.codeChallenge) {
        const verifier = form.get("code_verifier") ?? "";
        if (createHash("sha256").update(verifier).digest("base64url") !== pending.codeChallenge) {
          return json(response, 400, {
            error: "invalid_grant",
            error_description: "PKCE verification failed",
          });
        }
      }
      return json(response, 200, issue(options.issueRefreshTokens ?? true));
    }
    if (grant === "refresh_token") {
      fake.refreshRequests.push(request);
      if (fake.refreshDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.refreshDelayMs));
      if (fake.refreshError) return json(response, 400, fake.refreshError);
      const presented = form.get("refresh_token") ?? "";
      if (!refreshTokens.has(presented)) {
        return json(response, 400, { error: "invalid_grant", error_description: "Unknown refresh token" });
      }
      if (options.rotateRefreshTokens) refreshTokens.delete(presented);
      return json(response, 200, issue(Boolean(options.rotateRefreshTokens)));
    }
    return json(response, 400, { error: "unsupported_grant_type" });
  });

  fake = {
    ...http,
    authorizeUrl: `${http.url}/authorize`,
    tokenUrl: `${http.url}/token`,
    revokeUrl: `${http.url}/revoke`,
    issued: [],
    revoked: [],
    refreshRequests: [],
    codeRequests: [],
    refreshDelayMs: 0,
    refreshError: null,
    async approve(authorizeUrl, outcome) {
      if (outcome) {
        const url = new URL(authorizeUrl);
        const back = new URL(url.searchParams.get("redirect_uri") ?? "");
        back.searchParams.set("error", outcome.error);
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        return back.toString();
      }
      const response = await fetch(authorizeUrl, { redirect: "manual" });
      const location = response.headers.get("location");
      if (response.status !== 302 || !location) throw new Error(`fake authorize answered ${response.status}`);
      return location;
    },
  };
  return fake;
}
