import type { ProviderSpec } from "./provider-spec.ts";

export const google: ProviderSpec = {
  id: "google",
  endpoints: {
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    revokeUrl: "https://oauth2.googleapis.com/revoke",
    apiBaseUrl: "https://www.googleapis.com",
  },
  oauth: {
    pkce: true,
    clientAuth: "body",
    baseScopes: ["openid", "email"],
    scopes: {
      gmail: ["https://www.googleapis.com/auth/gmail.modify"],
      "google-calendar": ["https://www.googleapis.com/auth/calendar"],
      "google-drive": ["https://www.googleapis.com/auth/drive"],
    },
    // Without offline access and a fresh consent Google issues no refresh token.
    extraAuthorizeParams: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
  },
};
