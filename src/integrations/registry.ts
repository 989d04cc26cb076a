// The server's list of integrations, one line per folder (src/integrations/<id>/index.ts), and of
// providers (src/integrations/_providers/<provider>.ts); every lookup table derives from these two.
// `satisfies Record<…>`: an id in lib/integrations/ids.ts (or a provider) without its folder does not
// compile, and test/integration-registry.test.ts fails when a folder lacks a part the types cannot
// require.
import { providers as providerInfo } from "../lib/integrations/providers.ts";
import type { AuthFlowType, IntegrationId, ProviderId } from "../lib/integrations/types.ts";
import { bearer, type CredentialAccess, type CredentialValues } from "./_providers/access.ts";
import { alveno } from "./_providers/alveno.ts";
import { atlassian } from "./_providers/atlassian.ts";
import { attio } from "./_providers/attio.ts";
import { brevo } from "./_providers/brevo.ts";
import { caflou } from "./_providers/caflou.ts";
import { exa } from "./_providers/exa.ts";
import { google } from "./_providers/google.ts";
import { hubspot } from "./_providers/hubspot.ts";
import { microsoft } from "./_providers/microsoft.ts";
import { monday } from "./_providers/monday.ts";
import { openai } from "./_providers/openai.ts";
import { pipedrive } from "./_providers/pipedrive.ts";
import type { ProviderEndpoints, ProviderSpec } from "./_providers/provider-spec.ts";
import { raynet } from "./_providers/raynet.ts";
import { salesforce } from "./_providers/salesforce.ts";
import { surveymonkey } from "./_providers/surveymonkey.ts";
import { alvenoIntegration } from "./alveno/index.ts";
import { attioIntegration } from "./attio/index.ts";
import { brevoIntegration } from "./brevo/index.ts";
import { caflouIntegration } from "./caflou/index.ts";
import { confluenceIntegration } from "./confluence/index.ts";
import type { IntegrationDefinition } from "./define-integration.ts";
import { exaIntegration } from "./exa/index.ts";
import { gmailIntegration } from "./gmail/index.ts";
import { googleCalendarIntegration } from "./google-calendar/index.ts";
import { googleDriveIntegration } from "./google-drive/index.ts";
import { hubspotIntegration } from "./hubspot/index.ts";
import { jiraIntegration } from "./jira/index.ts";
import { mondayIntegration } from "./monday/index.ts";
import { outlookCalendarIntegration } from "./outlook-calendar/index.ts";
import { outlookEmailIntegration } from "./outlook-email/index.ts";
import { pipedriveIntegration } from "./pipedrive/index.ts";
import { raynetIntegration } from "./raynet/index.ts";
import { salesforceIntegration } from "./salesforce/index.ts";
import { sharepointIntegration } from "./sharepoint/index.ts";
import { surveymonkeyIntegration } from "./surveymonkey/index.ts";

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

const definitions = {
  gmail: gmailIntegration,
  "google-calendar": googleCalendarIntegration,
  "google-drive": googleDriveIntegration,
  jira: jiraIntegration,
  confluence: confluenceIntegration,
  sharepoint: sharepointIntegration,
  "outlook-email": outlookEmailIntegration,
  "outlook-calendar": outlookCalendarIntegration,
  hubspot: hubspotIntegration,
  salesforce: salesforceIntegration,
  raynet: raynetIntegration,
  caflou: caflouIntegration,
  monday: mondayIntegration,
  pipedrive: pipedriveIntegration,
  alveno: alvenoIntegration,
  attio: attioIntegration,
  surveymonkey: surveymonkeyIntegration,
  brevo: brevoIntegration,
  exa: exaIntegration,
} as const satisfies Record<IntegrationId, IntegrationDefinition>;

export interface RegisteredIntegration extends IntegrationDefinition {
  provider: ProviderId;
  sourceType: IntegrationDefinition["entry"]["sourceType"];
  spec: ProviderSpec;
}

/**
 * The part of the server's configuration the lookups below read (INTEGRATION_ENDPOINTS,
 * server/integrations/endpoint-overrides.ts), named here so the registry needs nothing of the server.
 */
export interface EndpointConfig {
  integrationEndpoints: Partial<Record<ProviderId, Partial<ProviderEndpoints>>>;
}

export const integrationRegistry = Object.fromEntries(
  Object.entries(definitions).map(([id, definition]) => [
    id,
    {
      ...definition,
      provider: definition.entry.provider,
      sourceType: definition.entry.sourceType,
      spec: providerSpecs[definition.entry.provider],
    },
  ]),
) as Record<IntegrationId, RegisteredIntegration>;

const registered = Object.values(integrationRegistry);

/** The integrations a provider's credentials and connections serve. */
export function integrationsOfProvider(provider: ProviderId): IntegrationId[] {
  return registered.filter((item) => item.provider === provider).map((item) => item.entry.id);
}

/** The provider's endpoints with the configured overrides applied. */
export function providerEndpoints(provider: ProviderId, config: EndpointConfig) {
  return {
    ...providerSpecs[provider].endpoints,
    ...config.integrationEndpoints[provider],
  } as ProviderEndpoints;
}

/** The endpoints a connection made with this OAuth app uses (the app may name its own login host). */
export function oauthEndpoints(
  provider: ProviderId,
  config: EndpointConfig,
  appValues: CredentialValues | undefined,
) {
  const own = appValues ? providerSpecs[provider].oauth?.endpointsFor?.(appValues) : undefined;
  return { ...providerEndpoints(provider, config), ...own } as ProviderEndpoints;
}

export const providerName = (provider: ProviderId) => providerInfo[provider].name;

/** The access a saved non-OAuth credential gives, or undefined when the provider has no such flow. */
export function accessFromCredential(
  provider: ProviderId,
  flow: AuthFlowType,
  values: CredentialValues,
  endpoints: ProviderEndpoints,
): CredentialAccess | undefined {
  return flow === "oauth" ? undefined : providerSpecs[provider].access[flow]?.(values, endpoints);
}

/** The Authorization header an OAuth access token travels in. */
export function oauthHeaders(provider: ProviderId, accessToken: string): Record<string, string> {
  return providerSpecs[provider].oauth?.headers?.(accessToken) ?? bearer(accessToken);
}
