// Where a remote MCP server's tokens come from (MCP authorization spec, "Authorization Server
// Discovery"): the server's protected-resource metadata (RFC 9728), found through the
// `resource_metadata` of the WWW-Authenticate header it answers an unauthenticated request with, else at
// its well-known URIs; then the metadata (RFC 8414, or OpenID Connect Discovery) of the authorization
// server it names. Every address is fetched through the SSRF guard; the documents must describe the
// server and the issuer asked about, so a server cannot hand Portico someone else's metadata.
import { AppError } from "../../../../lib/errors.ts";
import type { App } from "../../../app-services.ts";
import { networkReason } from "../../outbound-fetch.ts";
import { DiscoveryError, guardedJson, guardedSend, requireSecureUrl } from "./metadata-fetch.ts";

export interface DiscoveredAuthorization {
  /** The MCP server's resource identifier (RFC 8707 `resource` in authorization and token requests). */
  resource: string;
  /** Space-separated scopes to ask for (the 401's `scope`, else the server's `scopes_supported`). */
  scope?: string;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  registrationEndpoint?: string;
  revocationEndpoint?: string;
  clientIdMetadataDocumentSupported: boolean;
  /** RFC 9207: the authorization response carries `iss`, which must then be the issuer. */
  issParameterSupported: boolean;
}

const object = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, "");

/** An auth-param of a WWW-Authenticate challenge (RFC 9110 §11.2), quoted or not. */
export function challengeParam(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  const match = new RegExp(`(?:^|[\\s,])${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s,]+))`, "i").exec(
    header,
  );
  const value = match?.[1] ?? match?.[2];
  return value?.replace(/\\(.)/g, "$1");
}

/** The MCP server without its query (Exa's `?tools=` chooses tools; it is not part of the resource). */
const resourceOf = (mcpUrl: URL) => `${mcpUrl.origin}${mcpUrl.pathname}`;

/** RFC 9728 §3.1: the well-known segment goes between the host and the path. */
function protectedResourceCandidates(mcpUrl: URL): string[] {
  const path = mcpUrl.pathname.replace(/\/+$/, "");
  const root = `${mcpUrl.origin}/.well-known/oauth-protected-resource`;
  return path ? [`${root}${path}`, root] : [root];
}

/** RFC 8414 §3.1, then OpenID Connect Discovery, in the order the MCP authorization spec gives. */
function authorizationServerCandidates(issuer: URL): string[] {
  const path = issuer.pathname.replace(/\/+$/, "");
  const origin = issuer.origin;
  if (!path)
    return [`${origin}/.well-known/oauth-authorization-server`, `${origin}/.well-known/openid-configuration`];
  return [
    `${origin}/.well-known/oauth-authorization-server${path}`,
    `${origin}/.well-known/openid-configuration${path}`,
    `${origin}${path}/.well-known/openid-configuration`,
  ];
}

/** An initialize request without credentials: a protected server answers 401 with its challenge. */
async function probe(app: App, mcpUrl: string, name: string) {
  let response: Response;
  try {
    response = await guardedSend(app)(mcpUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "portico", version: "1.0.0" },
        },
      }),
    });
  } catch (error) {
    if (error instanceof AppError) throw new DiscoveryError(`Portico will not connect: ${error.message}`);
    throw new DiscoveryError(`Could not reach ${name}'s MCP server: ${networkReason(error)}.`);
  }
  await response.body?.cancel();
  if (response.status !== 401) return {};
  const header = response.headers.get("www-authenticate");
  return {
    resourceMetadata: challengeParam(header, "resource_metadata"),
    scope: challengeParam(header, "scope"),
  };
}

async function firstDocument(app: App, urls: string[], what: string) {
  for (const url of urls) {
    const { status, json } = await guardedJson(app, url, { headers: { accept: "application/json" } }, what);
    const document = object(json);
    if (status === 200 && document) return { url, document };
    // Only "not there" moves on to the next candidate; anything else is the server's answer.
    if (status !== 404 && status !== 405)
      throw new DiscoveryError(`${what} (${url}) answered HTTP ${status}.`);
  }
  throw new DiscoveryError(`${what} was not found (tried ${urls.join(", ")}).`);
}

export async function discoverAuthorization(
  app: App,
  mcpUrlText: string,
  name: string,
): Promise<DiscoveredAuthorization> {
  const mcpUrl = new URL(mcpUrlText);
  const expectedResource = resourceOf(mcpUrl);
  const challenge = await probe(app, mcpUrlText, name);

  const resourceWhat = `${name}'s MCP server metadata`;
  const candidates = challenge.resourceMetadata
    ? [requireSecureUrl(app, challenge.resourceMetadata, `The resource_metadata ${name}'s MCP server named`)]
    : protectedResourceCandidates(mcpUrl);
  const { document: resourceMetadata } = await firstDocument(app, candidates, resourceWhat);
  // RFC 9728 §3.3: the metadata must be about the server asked about.
  const resource = resourceMetadata.resource;
  if (
    typeof resource !== "string" ||
    ![expectedResource, mcpUrlText].map(withoutTrailingSlash).includes(withoutTrailingSlash(resource))
  ) {
    throw new DiscoveryError(
      `${resourceWhat} describes ${String(resource)}, not ${expectedResource}: Portico does not use it.`,
    );
  }
  const issuerText = strings(resourceMetadata.authorization_servers)[0];
  if (!issuerText) throw new DiscoveryError(`${resourceWhat} names no authorization server.`);
  const issuer = requireSecureUrl(app, issuerText, `The authorization server ${name} names`);

  const serverWhat = `${name}'s authorization server metadata`;
  const { document: server } = await firstDocument(
    app,
    authorizationServerCandidates(new URL(issuer)),
    serverWhat,
  );
  // RFC 8414 §3.3: the issuer in the metadata must be the one its address was built from.
  if (
    typeof server.issuer !== "string" ||
    withoutTrailingSlash(server.issuer) !== withoutTrailingSlash(issuerText)
  ) {
    throw new DiscoveryError(
      `${serverWhat} names the issuer ${String(server.issuer)}, not ${issuerText}: Portico does not use it.`,
    );
  }
  // The MCP authorization spec: without S256 advertised, PKCE cannot be relied on, so no authorization.
  if (!strings(server.code_challenge_methods_supported).includes("S256")) {
    throw new DiscoveryError(`${name}'s authorization server does not advertise PKCE with S256.`);
  }
  const scope = challenge.scope ?? (strings(resourceMetadata.scopes_supported).join(" ") || undefined);
  const registration = server.registration_endpoint;
  const revocation = server.revocation_endpoint;
  return {
    resource,
    ...(scope ? { scope } : {}),
    issuer: server.issuer,
    authorizationEndpoint: requireSecureUrl(
      app,
      server.authorization_endpoint,
      `${serverWhat}'s authorization_endpoint`,
    ),
    tokenEndpoint: requireSecureUrl(app, server.token_endpoint, `${serverWhat}'s token_endpoint`),
    ...(registration !== undefined
      ? { registrationEndpoint: requireSecureUrl(app, registration, `${serverWhat}'s registration_endpoint`) }
      : {}),
    ...(revocation !== undefined
      ? { revocationEndpoint: requireSecureUrl(app, revocation, `${serverWhat}'s revocation_endpoint`) }
      : {}),
    clientIdMetadataDocumentSupported: server.client_id_metadata_document_supported === true,
    issParameterSupported: server.authorization_response_iss_parameter_supported === true,
  };
}
