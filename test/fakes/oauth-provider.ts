// A fake OAuth 2 provider speaking RFC 6749 (authorization code, refresh), RFC 7636 (PKCE S256) and
// RFC 7009 (revocation). It approves every authorization at once (the user "consents"), and lets
// tests count refreshes, slow them down, or make them fail.
import { createHash, type KeyObject, randomBytes, verify } from "node:crypto";
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
  /**
   * Google service accounts for the JWT-bearer grant (RFC 7523), by client_email: the public key their
   * assertions must verify with and the scopes domain-wide delegation allows them.
   */
  serviceAccounts?: Record<string, { publicKey: KeyObject; delegatedScopes: string[] }>;
  /** Token requests must be JSON objects (Atlassian's documented format), not forms. */
  jsonTokenRequests?: boolean;
  /** Atlassian: the sites GET /oauth/token/accessible-resources lists for an issued token. */
  sites?: { id: string; url: string; name: string }[];
}

/** A JWT-bearer request the fake accepted or refused, with its decoded assertion. */
export interface JwtBearerRequest {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  outcome: string;
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
  jwtRequests: JwtBearerRequest[];
  /** When set, revocation answers this HTTP status (Google answers 400 for an unknown token). */
  revokeStatus: number | null;
  /** Seconds until tokens issued from now on expire; undefined sends no expires_in. */
  expiresIn: number | undefined;
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
    if (fake.expiresIn !== undefined) body.expires_in = fake.expiresIn;
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
    if (request.method === "GET" && request.path === "/oauth/token/accessible-resources") {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
      if (!fake.issued.includes(bearer)) return json(response, 401, { code: 401, message: "Unauthorized" });
      return json(
        response,
        200,
        (options.sites ?? []).map((site) => ({ ...site, scopes: ["read:jira-work"], avatarUrl: "" })),
      );
    }
    const isJson = request.headers["content-type"] === "application/json";
    if (request.path === "/token" && Boolean(options.jsonTokenRequests) !== isJson) {
      return json(response, 400, {
        error: "invalid_request",
        error_description: options.jsonTokenRequests ? "Expected a JSON body" : "Expected a form body",
      });
    }
    const form = isJson
      ? new URLSearchParams(JSON.parse(request.body || "{}") as Record<string, string>)
      : new URLSearchParams(request.body);
    const client = clientOf(request, form);
    if (request.method === "POST" && request.path === "/revoke") {
      if (fake.revokeStatus) return json(response, fake.revokeStatus, { error: "invalid_token" });
      fake.revoked.push(form.get("token") ?? "");
      refreshTokens.delete(form.get("token") ?? "");
      response.writeHead(200).end();
      return;
    }
    if (request.method !== "POST" || request.path !== "/token")
      return json(response, 404, { error: "not_found" });
    if (form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer") {
      const { status, body, record } = jwtBearer(form, request, fake.tokenUrl, options, () => issue(false));
      fake.jwtRequests.push(record);
      return json(response, status, body);
    }
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
    jwtRequests: [],
    revokeStatus: null,
    expiresIn: options.expiresIn,
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

const decodePart = (part: string | undefined) => {
  try {
    return JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * Google's checks of a service account's assertion ("Using OAuth 2.0 for Server to Server Applications"):
 * the form carries only grant_type and assertion; header {"alg":"RS256","typ":"JWT"}; the signature
 * verifies with the account's public key; iss is the account, aud the token endpoint, exp at most an hour
 * after iat, iat now; every scope is delegated; sub names the user acted as.
 */
function jwtBearer(
  form: URLSearchParams,
  request: RecordedRequest,
  tokenUrl: string,
  options: FakeOAuthOptions,
  issue: () => Record<string, unknown>,
) {
  const [h, c, s] = (form.get("assertion") ?? "").split(".");
  const header = decodePart(h);
  const claims = decodePart(c);
  const refuse = (status: number, error: string, error_description: string) => ({
    status,
    body: { error, error_description },
    record: { header, claims, outcome: error },
  });
  if ([...form.keys()].sort().join(",") !== "assertion,grant_type")
    return refuse(400, "invalid_request", "Unexpected form fields");
  if (request.headers["content-type"] !== "application/x-www-form-urlencoded")
    return refuse(400, "invalid_request", "Form body expected");
  if (JSON.stringify(header) !== '{"alg":"RS256","typ":"JWT"}')
    return refuse(400, "invalid_grant", "Invalid JWT header");
  const account = options.serviceAccounts?.[String(claims.iss)];
  if (!account) return refuse(400, "invalid_grant", "Invalid issuer: unknown service account");
  const signed = Buffer.from(`${h}.${c}`);
  if (!verify("RSA-SHA256", signed, account.publicKey, Buffer.from(s ?? "", "base64url")))
    return refuse(400, "invalid_grant", "Invalid JWT Signature.");
  const now = Math.floor(Date.now() / 1000);
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  if (claims.aud !== tokenUrl)
    return refuse(400, "invalid_grant", "Invalid JWT: aud is not the token endpoint");
  if (!(Math.abs(iat - now) < 60 && exp > iat && exp - iat <= 3600))
    return refuse(400, "invalid_grant", "Invalid JWT: Token must be a short-lived token (60 minutes)");
  if (typeof claims.sub !== "string" || !claims.sub.includes("@"))
    return refuse(400, "invalid_grant", "Invalid email or User ID");
  const scopes = String(claims.scope ?? "")
    .split(" ")
    .filter(Boolean);
  if (scopes.length === 0 || !scopes.every((scope) => account.delegatedScopes.includes(scope)))
    return refuse(
      401,
      "unauthorized_client",
      "Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.",
    );
  return { status: 200, body: issue(), record: { header, claims, outcome: "issued" } };
}
