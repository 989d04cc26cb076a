import type { ProviderSpec } from "./provider-spec.ts";

// Microsoft identity platform offers no token revocation endpoint for a single grant.
export const microsoft: ProviderSpec = {
  id: "microsoft",
  endpoints: {
    authorizeUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    apiBaseUrl: "https://graph.microsoft.com/v1.0",
  },
  oauth: {
    pkce: true,
    clientAuth: "body",
    baseScopes: ["offline_access", "User.Read"],
    scopes: {
      sharepoint: ["Sites.Read.All", "Files.ReadWrite.All"],
      "outlook-email": ["Mail.ReadWrite", "Mail.Send"],
      "outlook-calendar": ["Calendars.ReadWrite"],
    },
  },
};
