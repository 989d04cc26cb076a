// The provider's token endpoint (RFC 6749 §4.1.3, §6) and revocation endpoint (RFC 7009): code
// exchange, refresh and revoke, with the client authentication the provider expects.
import { z } from "zod";
import type { OAuthSpec } from "../../../integrations/_providers/provider-spec.ts";
import { networkReason, providerFetch } from "../outbound-fetch.ts";

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  /** "none": a public client (registered for a remote MCP server) sends only its client_id. */
  clientAuth: OAuthSpec["clientAuth"] | "none";
  /** Seconds a token is taken to live when the answer has no expires_in (OAuthSpec.assumedLifetimeSeconds). */
  assumedLifetimeSeconds?: number;
  /** "json": the token request is a JSON object (Atlassian); otherwise RFC 6749's form. */
  tokenRequestBody?: OAuthSpec["tokenRequestBody"];
}

/** How a token request is sent: providerFetch for configured endpoints, the SSRF guard for discovered ones. */
export type TokenFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  expiresAt: Date | null;
  scope?: string;
  /**
   * The account's own API host, when the token answer names one: Pipedrive's api_domain, Salesforce's
   * instance_url, SurveyMonkey's access_url.
   */
  apiDomain?: string;
}

/** A refused or failed token request; `reason` is shown to people as the connection's status reason. */
export class TokenRequestError extends Error {
  readonly reason: string;
  /** True when retrying with the same grant cannot help (invalid_grant and the like). */
  readonly permanent: boolean;

  constructor(reason: string, permanent: boolean) {
    super(reason);
    this.name = "TokenRequestError";
    this.reason = reason;
    this.permanent = permanent;
  }
}

const tokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
  scope: z.string().optional(),
  api_domain: z.string().optional(),
  instance_url: z.string().optional(),
  access_url: z.string().optional(),
});
const errorResponse = z.object({ error: z.string(), error_description: z.string().optional() });

function clientAuthentication(client: OAuthClient, form: URLSearchParams): Record<string, string> {
  if (client.clientAuth === "none") {
    form.set("client_id", client.clientId);
    return {};
  }
  if (client.clientAuth === "basic") {
    const pair = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
    return { authorization: `Basic ${Buffer.from(pair).toString("base64")}` };
  }
  form.set("client_id", client.clientId);
  form.set("client_secret", client.clientSecret);
  return {};
}

async function tokenRequest(
  tokenUrl: string,
  client: OAuthClient,
  params: Record<string, string>,
  providerName: string,
  send: TokenFetch = providerFetch,
): Promise<TokenSet> {
  const form = new URLSearchParams(params);
  const authorization = clientAuthentication(client, form);
  const json = client.tokenRequestBody === "json";
  const headers = {
    "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
    accept: "application/json",
    ...authorization,
  };
  const body = json ? JSON.stringify(Object.fromEntries(form)) : form;
  let response: Response;
  try {
    response = await send(tokenUrl, { method: "POST", headers, body });
  } catch (error) {
    throw new TokenRequestError(`Could not reach ${providerName}: ${networkReason(error)}`, false);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refused = errorResponse.safeParse(answer);
    if (refused.success) {
      const detail = refused.data.error_description ? ` (${refused.data.error_description})` : "";
      throw new TokenRequestError(
        `${providerName} answered ${refused.data.error}${detail}`,
        response.status < 500,
      );
    }
    throw new TokenRequestError(`${providerName} answered HTTP ${response.status}`, false);
  }
  const parsed = tokenResponse.safeParse(answer);
  if (!parsed.success)
    throw new TokenRequestError(`${providerName} sent a token response Portico cannot read`, false);
  const { access_token, refresh_token, expires_in, scope } = parsed.data;
  const { api_domain, instance_url, access_url } = parsed.data;
  const ownHost = api_domain ?? instance_url ?? access_url;
  const apiDomain =
    ownHost && /^https?:\/\//.test(ownHost) && URL.canParse(ownHost) ? new URL(ownHost).origin : undefined;
  // Salesforce answers without expires_in although its sessions time out: an assumed lifetime makes
  // Portico refresh before then instead of failing a call first.
  const lifetime = expires_in ?? client.assumedLifetimeSeconds;
  return {
    accessToken: access_token,
    ...(refresh_token ? { refreshToken: refresh_token } : {}),
    expiresAt: lifetime ? new Date(Date.now() + lifetime * 1000) : null,
    ...(scope ? { scope } : {}),
    ...(apiDomain ? { apiDomain } : {}),
  };
}

/** `resource` and `send` as for refreshTokens (remote MCP authorization servers). */
export function exchangeCode(
  tokenUrl: string,
  client: OAuthClient,
  input: { code: string; redirectUri: string; codeVerifier?: string },
  providerName: string,
  options: { resource?: string; send?: TokenFetch } = {},
) {
  return tokenRequest(
    tokenUrl,
    client,
    {
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: input.redirectUri,
      ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
      ...(options.resource ? { resource: options.resource } : {}),
    },
    providerName,
    options.send,
  );
}

/**
 * `resource`: the protected resource the token is for (RFC 8707), which the MCP authorization spec
 * requires in token requests to a remote MCP server's authorization server.
 */
export function refreshTokens(
  tokenUrl: string,
  client: OAuthClient,
  refreshToken: string,
  providerName: string,
  options: { resource?: string; send?: TokenFetch } = {},
) {
  return tokenRequest(
    tokenUrl,
    client,
    {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      ...(options.resource ? { resource: options.resource } : {}),
    },
    providerName,
    options.send,
  );
}

/** Best effort: HubSpot-style DELETE of a refresh token at `<revokeUrl>/<token>`; answers whether it was confirmed. */
export async function deleteRefreshToken(revokeUrl: string, token: string): Promise<boolean> {
  try {
    const response = await providerFetch(`${revokeUrl.replace(/\/+$/, "")}/${encodeURIComponent(token)}`, {
      method: "DELETE",
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** Best effort: answers whether the provider confirmed the revocation. `send` as for refreshTokens. */
export async function revokeToken(
  revokeUrl: string,
  client: OAuthClient,
  token: string,
  send: TokenFetch = providerFetch,
): Promise<boolean> {
  const form = new URLSearchParams({ token });
  const headers = {
    "content-type": "application/x-www-form-urlencoded",
    ...clientAuthentication(client, form),
  };
  try {
    const response = await send(revokeUrl, { method: "POST", headers, body: form });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
