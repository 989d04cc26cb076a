// Service-account and API-token credentials are checked with one cheap, read-only call before they
// are saved, so a typo is reported at once instead of when an agent first uses the integration.
import { AppError } from "../../lib/errors.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { AuthFlowType, ProviderId } from "../../lib/integrations/types.ts";
import type { Config } from "../config.ts";
import { fetchPublicUrl } from "../security/ssrf-guard.ts";
import { mcpAuthHeaders } from "./engine/mcp-proxy/mcp-auth-headers.ts";
import { networkReason, PROVIDER_TIMEOUT_MS, providerFetch } from "./outbound-fetch.ts";
import type { ProviderEndpoints } from "./providers/provider-spec.ts";
import { providerEndpoints } from "./registry.ts";

interface CheckRequest {
  url: string;
  headers: Record<string, string>;
  method?: "GET" | "POST";
  body?: string;
  /** The URL comes from the user's values (not configuration): it goes through the SSRF guard. */
  userSupplied?: boolean;
}
type Values = Record<string, string | number | undefined>;
type Check = (values: Values, endpoints: ProviderEndpoints) => CheckRequest;

const text = (value: string | number | undefined) => String(value ?? "");
const bearer = (token: string | number | undefined) => ({ authorization: `Bearer ${text(token)}` });
const basic = (user: string | number | undefined, password: string | number | undefined) => ({
  authorization: `Basic ${Buffer.from(`${text(user)}:${text(password)}`).toString("base64")}`,
});
const path = (value: string | number | undefined) => encodeURIComponent(text(value));

/** MCP servers answer `initialize` cheaply; a refused key fails it with 401/403. */
const mcpInitialize =
  (headers: (values: Values) => Record<string, string>): Check =>
  (values, endpoints) => ({
    url: text(endpoints.mcpUrl),
    method: "POST",
    headers: {
      ...headers(values),
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "portico", version: "1" },
      },
    }),
  });

const checks: Partial<Record<`${ProviderId}:${AuthFlowType}`, Check>> = {
  "google:service-account": (v, e) => ({
    url: `${e.apiBaseUrl}/oauth2/v3/userinfo`,
    headers: bearer(v.accessToken),
  }),
  "atlassian:api-token": (v, e) => ({
    url: `${e.apiBaseUrl}/ex/jira/${path(v.cloudId)}/rest/api/3/myself`,
    headers: basic(v.email, v.apiToken),
  }),
  "raynet:api-token": (v, e) => ({
    url: `${e.apiBaseUrl}/company/?limit=1`,
    headers: { ...basic(v.email, v.apiKey), "x-instance-name": text(v.namespace) },
  }),
  "caflou:api-token": (v) => ({
    url: `${text(v.baseUrl)}/api/v1/${path(v.accountId)}/companies?per_page=1`,
    headers: bearer(v.apiKey),
    userSupplied: true,
  }),
  // The regional address is one of two fixed hosts; configuration may replace it (proxies, tests).
  "alveno:api-token": (v, e) => ({
    url: `${e.apiBaseUrl ?? text(v.baseUrl)}/api/v1/employees?limit=1`,
    headers: { "x-api-key": text(v.apiKey), "x-tenant-id": text(v.tenantId) },
  }),
  "brevo:api-token": mcpInitialize((v) => mcpAuthHeaders("brevo", text(v.mcpApiKey))),
  "exa:api-token": mcpInitialize((v) => mcpAuthHeaders("exa", text(v.mcpApiKey))),
  "openai:api-token": (v, e) => ({
    url: `${text(v.baseUrl ?? e.apiBaseUrl)}/models`,
    headers: bearer(v.apiKey),
  }),
};

export const isCheckedFlow = (flow: AuthFlowType) => flow !== "oauth";

/** Throws BAD_REQUEST with a reason people can act on when the provider does not accept the values. */
export async function checkCredential(
  config: Pick<Config, "integrationEndpoints" | "allowPrivateUrls">,
  provider: ProviderId,
  authFlow: AuthFlowType,
  values: Values,
): Promise<void> {
  const check = checks[`${provider}:${authFlow}`];
  if (!check) return;
  const name = providers[provider].name;
  const request = check(values, providerEndpoints(provider, config));
  const policy = { allowPrivateNetworks: config.allowPrivateUrls };
  const init = {
    method: request.method ?? "GET",
    headers: { accept: "application/json", ...request.headers },
    body: request.body,
  };
  let response: Response;
  try {
    response = request.userSupplied
      ? // No redirects: following one would send the credentials to wherever it points.
        await fetchPublicUrl(request.url, init, policy, { timeoutMs: PROVIDER_TIMEOUT_MS, maxRedirects: 0 })
      : await providerFetch(request.url, init);
  } catch (error) {
    const reason = error instanceof AppError ? error.message.replace(/\.$/, "") : networkReason(error);
    throw new AppError("BAD_REQUEST", `Could not reach ${name} to check these credentials: ${reason}.`);
  }
  await response.body?.cancel();
  if (response.ok) return;
  if (response.status === 401 || response.status === 403) {
    throw new AppError("BAD_REQUEST", `${name} refused these credentials (HTTP ${response.status}).`);
  }
  throw new AppError(
    "BAD_REQUEST",
    `${name} answered HTTP ${response.status} when checking these credentials.`,
  );
}
