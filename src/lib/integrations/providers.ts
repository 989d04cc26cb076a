// Providers own the auth of their integrations (requirements §3, §5): which flows they allow and how they are
// named on screen. Isomorphic, so forms offer exactly the flows the server accepts.
import type { AuthFlowType, ProviderId } from "./types.ts";

export interface ProviderInfo {
  name: string;
  /** requirements §5, in order of preference: the first is what an editor offers by default. */
  authFlows: readonly AuthFlowType[];
  /**
   * OAuth without an app to register: the provider's remote MCP server names its authorization server,
   * where Portico registers a client of its own when someone connects (remote MCP OAuth).
   */
  oauthWithoutApp?: true;
}

export const providers = {
  google: { name: "Google", authFlows: ["oauth", "service-account"] },
  atlassian: { name: "Atlassian", authFlows: ["oauth", "api-token"] },
  microsoft: { name: "Microsoft", authFlows: ["oauth"] },
  hubspot: { name: "HubSpot", authFlows: ["oauth"] },
  salesforce: { name: "Salesforce", authFlows: ["oauth"] },
  monday: { name: "monday.com", authFlows: ["oauth"] },
  pipedrive: { name: "Pipedrive", authFlows: ["oauth"] },
  attio: { name: "Attio", authFlows: ["oauth"] },
  surveymonkey: { name: "SurveyMonkey", authFlows: ["oauth"] },
  raynet: { name: "Raynet", authFlows: ["api-token"] },
  caflou: { name: "Caflou", authFlows: ["api-token"] },
  alveno: { name: "Alveno", authFlows: ["api-token"] },
  brevo: { name: "Brevo", authFlows: ["api-token"] },
  exa: { name: "Exa", authFlows: ["api-token", "oauth"], oauthWithoutApp: true },
  openai: { name: "OpenAI", authFlows: ["api-token"] },
} as const satisfies Record<ProviderId, ProviderInfo>;

export const INVALID_AUTH_FLOW_MESSAGE = "Invalid auth flow type for the selected provider";

export function isAuthFlowAllowed(provider: ProviderId, flow: AuthFlowType): boolean {
  return (providers[provider].authFlows as readonly AuthFlowType[]).includes(flow);
}

export const authFlowLabels: Record<AuthFlowType, string> = {
  oauth: "OAuth",
  "service-account": "Service account",
  "api-token": "API token",
};

/** Whether the provider's OAuth needs no saved app (ProviderInfo.oauthWithoutApp). */
export const connectsWithoutOAuthApp = (provider: ProviderId): boolean =>
  (providers[provider] as ProviderInfo).oauthWithoutApp === true;
