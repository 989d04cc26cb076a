// Service-account and API-token credentials are checked with one cheap, read-only call before they
// are saved, so a typo is reported at once instead of when an agent first uses the integration.
import { AppError } from "../../lib/errors.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { AuthFlowType, ProviderId } from "../../lib/integrations/types.ts";
import type { Config } from "../config.ts";
import { fetchPublicUrl } from "../security/ssrf-guard.ts";
import { checkFailureMessage, failureOfStatus } from "./credential-check-failures.ts";
import { accessFromCredential, type CredentialValues } from "./engine/credential-access.ts";
import { PROVIDER_TIMEOUT_MS, providerFetch } from "./outbound-fetch.ts";
import { providerEndpoints } from "./registry.ts";

interface CheckRequest {
  /** Appended to the provider's base URL. */
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}
type Check = (values: CredentialValues) => CheckRequest;

const path = (value: string | number | undefined) => encodeURIComponent(String(value ?? ""));

/** MCP servers answer `initialize` cheaply; a refused key fails it with 401/403. */
const mcpInitialize: Check = () => ({
  path: "",
  method: "POST",
  headers: { accept: "application/json, text/event-stream", "content-type": "application/json" },
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

// Base URLs and auth headers come from engine/credential-access.ts, the table the engines use too.
const checks: Partial<Record<`${ProviderId}:${AuthFlowType}`, Check>> = {
  "google:service-account": () => ({ path: "/oauth2/v3/userinfo" }),
  "atlassian:api-token": (v) => ({ path: `/ex/jira/${path(v.cloudId)}/rest/api/3/myself` }),
  "raynet:api-token": () => ({ path: "/company/?limit=1" }),
  "caflou:api-token": (v) => ({ path: `/api/v1/${path(v.accountId)}/companies?per_page=1` }),
  "alveno:api-token": () => ({ path: "/api/v1/employees?limit=1" }),
  "brevo:api-token": mcpInitialize,
  "exa:api-token": mcpInitialize,
  "openai:api-token": () => ({ path: "/models" }),
};

export const isCheckedFlow = (flow: AuthFlowType) => flow !== "oauth";

/** Throws BAD_REQUEST with a reason people can act on when the provider does not accept the values. */
export async function checkCredential(
  config: Pick<Config, "integrationEndpoints" | "allowPrivateUrls">,
  provider: ProviderId,
  authFlow: AuthFlowType,
  values: CredentialValues,
): Promise<void> {
  const check = checks[`${provider}:${authFlow}`];
  const access = accessFromCredential(provider, authFlow, values, providerEndpoints(provider, config));
  if (!check || !access) return;
  const name = providers[provider].name;
  const request = check(values);
  const url = `${access.baseUrl}${request.path}`;
  const policy = { allowPrivateNetworks: config.allowPrivateUrls };
  const init = {
    method: request.method ?? "GET",
    headers: { accept: "application/json", ...access.headers, ...request.headers },
    body: request.body,
  };
  let response: Response;
  try {
    response = access.userSupplied
      ? // No redirects: following one would send the credentials to wherever it points.
        await fetchPublicUrl(url, init, policy, { timeoutMs: PROVIDER_TIMEOUT_MS, maxRedirects: 0 })
      : await providerFetch(url, init);
  } catch (error) {
    // The SSRF guard's refusal of an address is already a sentence about that address.
    if (error instanceof AppError) throw error;
    throw new AppError(
      "BAD_REQUEST",
      checkFailureMessage(name, provider, authFlow, { cause: "unreachable" }),
    );
  }
  await response.body?.cancel();
  if (response.ok) return;
  const failure = failureOfStatus(provider, authFlow, response.status);
  throw new AppError("BAD_REQUEST", checkFailureMessage(name, provider, authFlow, failure));
}
