// How to register an OAuth app with each OAuth provider, for the connect dialog: where the provider's
// developer console is, what to do there, and which scopes Portico asks for (read from the providers'
// specs, so the list shown is the list requested). Kept apart from the provider specs, which describe
// how Portico calls a provider, not how a person sets one up.

import { integrationRegistry, integrationsOfProvider, providerSpecs } from "../../integrations/registry.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { ProviderId } from "../../lib/integrations/types.ts";

interface Console {
  /** The page where apps are registered. */
  url: string;
  name: string;
  /** The steps there, in the provider's own words for its buttons. */
  steps: string;
}

const consoles: Partial<Record<ProviderId, Console>> = {
  google: {
    url: "https://console.cloud.google.com/apis/credentials",
    name: "Google Cloud console → APIs & Services → Credentials",
    steps:
      "Create an OAuth client ID of type “Web application”, add the redirect URI under “Authorized redirect URIs”, and enable the Gmail, Calendar or Drive API you need.",
  },
  microsoft: {
    url: "https://entra.microsoft.com/#view/Microsoft_AAD_RegisteredApps/ApplicationsListBlade",
    name: "Microsoft Entra admin center → App registrations",
    steps:
      "Register a new application, add the redirect URI under Authentication → Web, create a client secret under Certificates & secrets, and add the delegated permissions below.",
  },
  atlassian: {
    url: "https://developer.atlassian.com/console/myapps/",
    name: "Atlassian developer console → My apps",
    steps:
      "Create an OAuth 2.0 integration, set the callback URL under Authorization, and add the scopes below under Permissions.",
  },
  hubspot: {
    url: "https://developers.hubspot.com/get-started",
    name: "HubSpot developer account → Apps",
    steps: "Create a public app, add the redirect URL under Auth, and select the scopes below.",
  },
  salesforce: {
    url: "https://login.salesforce.com/lightning/setup/NavigationMenus/home",
    name: "Salesforce Setup → App Manager",
    steps:
      "Create a new connected app, enable OAuth settings, enter the callback URL and add the scopes below. For a sandbox or a My Domain login, enter its login URL in the app's Login URL field.",
  },
  monday: {
    url: "https://developer.monday.com/apps/docs/create-an-app",
    name: "monday.com Developer Center",
    steps: "Create an app, add the redirect URI under OAuth, and select the scopes below.",
  },
  pipedrive: {
    url: "https://developers.pipedrive.com/docs/api/v1/Oauth",
    name: "Pipedrive Developer Hub",
    steps: "Create an app, enter the callback URL, and grant the scopes below.",
  },
  attio: {
    url: "https://build.attio.com/",
    name: "Attio developer dashboard",
    steps: "Create an app, enable OAuth, add the redirect URI and grant the scopes below.",
  },
  surveymonkey: {
    url: "https://developer.surveymonkey.com/apps/",
    name: "SurveyMonkey developer portal → My Apps",
    steps: "Create an app, set the OAuth redirect URL in its settings, and select the scopes below.",
  },
};

export interface OAuthAppGuide {
  providerName: string;
  console: Console | null;
  /** Every scope a connection asks for, the provider's own ones first. */
  scopes: string[];
}

export function oauthAppGuide(provider: ProviderId): OAuthAppGuide {
  const oauth = providerSpecs[provider].oauth;
  const scopes = new Set<string>(oauth?.baseScopes ?? []);
  for (const integration of integrationsOfProvider(provider)) {
    for (const scope of integrationRegistry[integration].oauthScopes) scopes.add(scope);
  }
  return { providerName: providers[provider].name, console: consoles[provider] ?? null, scopes: [...scopes] };
}
