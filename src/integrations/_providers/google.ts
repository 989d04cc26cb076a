import { bearer, configured } from "./access.ts";
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
    // Without offline access and a fresh consent Google issues no refresh token.
    extraAuthorizeParams: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
  },
  // Service accounts: `accessToken` is minted from the saved JSON key by the server
  // (connections/service-account-token.ts); the check reads the acted-as user's Drive identity with it.
  access: { "service-account": (v, e) => configured(e, bearer(v.accessToken)) },
  check: { "service-account": () => ({ path: "/drive/v3/about?fields=user" }) },
  references: [
    "https://developers.google.com/identity/protocols/oauth2/web-server",
    "https://developers.google.com/identity/protocols/oauth2/service-account",
    "https://developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke",
    "https://developers.google.com/workspace/drive/api/reference/rest/v3/about/get",
  ],
};
