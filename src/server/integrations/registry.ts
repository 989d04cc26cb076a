// Server-side integration registry: for each integration its catalogue entry, provider and source type,
// and for each provider where its endpoints are (defaults overridden by INTEGRATION_ENDPOINTS).
import { integrations } from "../../lib/integrations/integrations.ts";
import { providers as providerInfo } from "../../lib/integrations/providers.ts";
import type { IntegrationId, ProviderId } from "../../lib/integrations/types.ts";
import type { Config } from "../config.ts";
import { alveno } from "./providers/alveno.ts";
import { atlassian } from "./providers/atlassian.ts";
import { attio } from "./providers/attio.ts";
import { brevo } from "./providers/brevo.ts";
import { caflou } from "./providers/caflou.ts";
import { exa } from "./providers/exa.ts";
import { google } from "./providers/google.ts";
import { hubspot } from "./providers/hubspot.ts";
import { microsoft } from "./providers/microsoft.ts";
import { monday } from "./providers/monday.ts";
import { openai } from "./providers/openai.ts";
import { pipedrive } from "./providers/pipedrive.ts";
import type { ProviderEndpoints, ProviderSpec } from "./providers/provider-spec.ts";
import { raynet } from "./providers/raynet.ts";
import { salesforce } from "./providers/salesforce.ts";
import { surveymonkey } from "./providers/surveymonkey.ts";

export const providerSpecs = {
  google,
  atlassian,
  microsoft,
  hubspot,
  salesforce,
  raynet,
  caflou,
  monday,
  pipedrive,
  alveno,
  attio,
  openai,
  surveymonkey,
  brevo,
  exa,
} as const satisfies Record<ProviderId, ProviderSpec>;

export const integrationRegistry = Object.fromEntries(
  integrations.map((entry) => [
    entry.id,
    { entry, provider: entry.provider, sourceType: entry.sourceType, spec: providerSpecs[entry.provider] },
  ]),
) as Record<
  IntegrationId,
  {
    entry: (typeof integrations)[number];
    provider: ProviderId;
    sourceType: (typeof integrations)[number]["sourceType"];
    spec: ProviderSpec;
  }
>;

/** The integrations a provider's credentials and connections serve. */
export function integrationsOfProvider(provider: ProviderId): IntegrationId[] {
  return integrations.filter((entry) => entry.provider === provider).map((entry) => entry.id);
}

/** The provider's endpoints with the configured overrides applied. */
export function providerEndpoints(provider: ProviderId, config: Pick<Config, "integrationEndpoints">) {
  return {
    ...providerSpecs[provider].endpoints,
    ...config.integrationEndpoints[provider],
  } as ProviderEndpoints;
}

export const providerName = (provider: ProviderId) => providerInfo[provider].name;
