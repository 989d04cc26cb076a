// A fake OAuth 2 provider speaking RFC 6749 (authorization code, refresh), RFC 7636 (PKCE S256) and
// RFC 7009 (revocation). It approves every authorization at once (the user "consents"), and lets
// tests count refreshes, slow them down, or make them fail.
import { createHash, type KeyObject, randomBytes, verify } from "node:crypto";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  /** Who consented (consentAs when the authorization was asked for). */
  identity: string | undefined;
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
  /** The authorization server of a remote MCP server (MCP authorization spec). */
  mcp?: McpAuthorizationServerOptions;
}

export interface McpAuthorizationServerOptions {
  /** The MCP server: `resource` (RFC 8707) must name it in authorization and token requests. */
  resource: string;
  /** Serves dynamic client registration (RFC 7591) at /register. */
  registration?: boolean;
  /**
   * Accepts https client ids naming a Client ID Metadata Document, read with this function (the test
   * reaches Portico's document through its request handler).
   */
  clientIdMetadataDocuments?: (clientId: string) => Promise<unknown>;
  /** The issuer the metadata claims; the server's own URL unless set (wrong-issuer tests). */
  issuer?: string;
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
  /** Dynamic client registrations (POST /register), as sent. */
  registrations: RecordedRequest[];
  /** The query of every authorization request (GET /authorize). */
  authorizeRequests: URLSearchParams[];
  /** Client ID Metadata Documents read, by client id. */
  clientDocuments: Map<string, unknown>;
  /** Follows an authorization URL like a consenting user; answers the redirect back to the client. */
  approve(authorizeUrl: string, outcome?: { error: string }): Promise<string>;
  /**
   * The person who consents to the authorizations asked for from now on (undefined: nobody in
   * particular). The tokens issued for their codes, and those refreshed from them, are theirs: API fakes
   * read it with identityOf to answer each person from their own account.
   */
  consentAs: string | undefined;
  /** Whose an access or refresh token is: consentAs at its authorization, or a service account's `sub`. */
  identityOf(token: string): string | undefined;
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
  /** Token → the identity it was issued for. */
  const owners = new Map<string, string>();
  let fake!: FakeOAuthProvider;

  const issue = (withRefresh: boolean, identity?: string) => {
    const access = token("access-token");
    fake.issued.push(access);
    if (identity !== undefined) owners.set(access, identity);
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
      if (identity !== undefined) owners.set(refresh, identity);
      body.refresh_token = refresh;
    }
    return body;
  };

  const http = await startHttpFake(async (request, response) => {
    if (
      options.mcp &&
      request.method === "GET" &&
      request.path === "/.well-known/oauth-authorization-server"
    ) {
      return json(response, 200, {
        issuer: options.mcp.issuer ?? http.url,
        authorization_endpoint: `${http.url}/authorize`,
        token_endpoint: `${http.url}/token`,
        revocation_endpoint: `${http.url}/revoke`,
        ...(options.mcp.registration ? { registration_endpoint: `${http.url}/register` } : {}),
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
        scopes_supported: ["mcp:tools"],
        client_id_metadata_document_supported: Boolean(options.mcp.clientIdMetadataDocuments),
      });
    }
    if (options.mcp?.registration && request.method === "POST" && request.path === "/register") {
      fake.registrations.push(request);
      const refused = registrationProblem(request);
      if (refused)
        return json(response, 400, { error: "invalid_client_metadata", error_description: refused });
      const metadata = JSON.parse(request.body) as Record<string, unknown>;
      const clientId = token("client");
      options.clients[clientId] = "";
      return json(response, 201, {
        client_id: clientId,
        client_id_issued_at: Math.floor(Date.now() / 1000),
        ...metadata,
      });
    }
    if (options.mcp && request.method === "GET" && request.path === "/authorize") {
      fake.authorizeRequests.push(request.query);
      const problem = await mcpAuthorizeProblem(
        request.query,
        options.mcp,
        options.clients,
        fake.clientDocuments,
      );
      if (problem) return json(response, 400, { error: "invalid_request", error_description: problem });
    }
    if (request.method === "GET" && request.path === "/authorize") {
      const redirect = new URL(request.query.get("redirect_uri") ?? "");
      const code = token("code");
      codes.set(code, {
        clientId: request.query.get("client_id") ?? "",
        redirectUri: redirect.toString(),
        codeChallenge: request.query.get("code_challenge"),
        identity: fake.consentAs,
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
      // RFC 7009 §2.1: a public client identifies itself with its client_id.
      if (options.mcp && options.clients[client.id] === undefined)
        return json(response, 401, { error: "invalid_client" });
      fake.revoked.push(form.get("token") ?? "");
      refreshTokens.delete(form.get("token") ?? "");
      response.writeHead(200).end();
      return;
    }
    if (request.method !== "POST" || request.path !== "/token")
      return json(response, 404, { error: "not_found" });
    if (form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer") {
      const { status, body, record } = jwtBearer(form, request, fake.tokenUrl, options, (sub) =>
        issue(false, sub),
      );
      fake.jwtRequests.push(record);
      return json(response, status, body);
    }
    if (options.clients[client.id] === undefined || options.clients[client.id] !== client.secret) {
      return json(response, 401, {
        error: "invalid_client",
        error_description: "Unknown client or wrong secret",
      });
    }
    // RFC 8707: a token for the MCP server is asked for by naming it.
    if (options.mcp && form.get("resource") !== options.mcp.resource)
      return json(response, 400, { error: "invalid_target", error_description: "Wrong or missing resource" });
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
      return json(response, 200, issue(options.issueRefreshTokens ?? true, pending.identity));
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
      return json(response, 200, issue(Boolean(options.rotateRefreshTokens), owners.get(presented)));
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
    registrations: [],
    authorizeRequests: [],
    clientDocuments: new Map(),
    revokeStatus: null,
    expiresIn: options.expiresIn,
    refreshDelayMs: 0,
    refreshError: null,
    consentAs: undefined,
    identityOf: (issued) => owners.get(issued),
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

/** RFC 7591 §2 as the MCP authorization spec uses it: a public client with a redirect URI and PKCE grants. */
function registrationProblem(request: RecordedRequest): string | null {
  if (request.headers["content-type"] !== "application/json") return "Expected a JSON body";
  let metadata: Record<string, unknown>;
  try {
    metadata = JSON.parse(request.body) as Record<string, unknown>;
  } catch {
    return "Invalid JSON";
  }
  const uris = metadata.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((uri) => typeof uri === "string"))
    return "redirect_uris is required";
  if (metadata.token_endpoint_auth_method !== "none") return "Only public clients are registered here";
  const grants = metadata.grant_types as unknown[] | undefined;
  if (!grants?.includes("authorization_code") || !grants.includes("refresh_token"))
    return "grant_types must include authorization_code and refresh_token";
  if (!(metadata.response_types as unknown[] | undefined)?.includes("code"))
    return "response_types must include code";
  return null;
}

/**
 * The checks of an authorization request to a remote MCP server's authorization server: a known client
 * (registered, or one whose Client ID Metadata Document names the redirect URI), its registered redirect
 * URI, PKCE S256 and the MCP server as resource.
 */
async function mcpAuthorizeProblem(
  query: URLSearchParams,
  mcp: McpAuthorizationServerOptions,
  clients: Record<string, string>,
  documents: Map<string, unknown>,
): Promise<string | null> {
  const clientId = query.get("client_id") ?? "";
  if (clients[clientId] === undefined) {
    if (!mcp.clientIdMetadataDocuments || !/^https?:\/\/.+\/.+/.test(clientId)) return "Unknown client";
    const document = (await mcp.clientIdMetadataDocuments(clientId)) as Record<string, unknown> | null;
    documents.set(clientId, document);
    if (document?.client_id !== clientId) return "The client metadata document names another client_id";
    if (!(document.redirect_uris as unknown[] | undefined)?.includes(query.get("redirect_uri")))
      return "redirect_uri is not in the client metadata document";
    // A public client from now on: its token requests carry the client_id alone.
    clients[clientId] = "";
  }
  if (query.get("response_type") !== "code") return "response_type must be code";
  if (query.get("code_challenge_method") !== "S256" || !query.get("code_challenge"))
    return "PKCE with S256 is required";
  if (query.get("resource") !== mcp.resource) return "resource must name the MCP server";
  return null;
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
  issue: (sub: string) => Record<string, unknown>,
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
  return { status: 200, body: issue(claims.sub as string), record: { header, claims, outcome: "issued" } };
}
