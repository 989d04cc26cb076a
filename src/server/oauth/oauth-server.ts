// The OAuth 2.1 authorization server MCP clients use (Better Auth's oauth-provider plugin) and the
// Portico rules around it. See docs/architecture/oauth.md ("OAuth for MCP clients") for the design.
import { oauthProvider } from "@better-auth/oauth-provider";
import type { BetterAuthPlugin } from "better-auth";
import { OAUTH_SCOPES, type OAuthScope } from "../../lib/oauth-scopes.ts";
import type { Database } from "../db/client.ts";
import { clientMetadataDocuments } from "./client-metadata-documents.ts";
import { consentAuditHook } from "./consent-audit.ts";
import { nativeRedirectHooks } from "./native-redirects.ts";
import { pkceFailureHook } from "./pkce-failure.ts";
import { consentReferenceId, projectChoiceHook } from "./project-choice.ts";
import { refreshAccessHook } from "./refresh-access.ts";
import { registrationLimitsHook } from "./registration-limits.ts";
import { authorizationDefaultsHook, registrationDefaultsHook } from "./request-defaults.ts";
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from "./token-prefixes.ts";
import { mcpResourceUrl } from "./urls.ts";

/** The scope a token needs for the MCP endpoint (offline_access alone only renews). */
export const MCP_SCOPE = "mcp" satisfies OAuthScope;

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const LOGIN_PAGE = "/sign-in";
export const CONSENT_PAGE = "/oauth/consent";

export interface OAuthServerOptions {
  db: Database;
  baseUrl: string;
  /** ALLOW_PRIVATE_URLS: client metadata documents may then live on private hosts and plain http. */
  allowPrivateUrls: boolean;
}

export function oauthServerPlugins({ db, baseUrl, allowPrivateUrls }: OAuthServerOptions) {
  const mcpResource = mcpResourceUrl(baseUrl);
  const siteAdminOnly = ({ user }: { user?: Record<string, unknown> }) => user?.role === "admin";
  const provider = oauthProvider({
    loginPage: LOGIN_PAGE,
    consentPage: CONSENT_PAGE,
    scopes: OAUTH_SCOPES,
    resources: [{ identifier: mcpResource, name: "Portico MCP endpoint" }],
    // One resource, open to every client: per-client links would add nothing.
    enforcePerClientResources: false,
    allowDynamicClientRegistration: true,
    allowUnauthenticatedClientRegistration: true,
    grantTypes: ["authorization_code", "refresh_token"],
    // Opaque tokens: each /mcp call looks its token up, so revoking one takes effect at once.
    disableJwtPlugin: true,
    storeTokens: "hashed",
    accessTokenExpiresIn: ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenExpiresIn: REFRESH_TOKEN_TTL_SECONDS,
    prefix: { opaqueAccessToken: ACCESS_TOKEN_PREFIX, refreshToken: REFRESH_TOKEN_PREFIX },
    // Client and resource administration through the plugin's own endpoints: site admins only.
    clientPrivileges: siteAdminOnly,
    resourcePrivileges: siteAdminOnly,
    // Never a separate post-login page: the project is picked on the consent screen itself.
    postLogin: { page: CONSENT_PAGE, shouldRedirect: () => false, consentReferenceId },
    extensions: [{ clientDiscovery: clientMetadataDocuments({ allowPrivateNetworks: allowPrivateUrls }) }],
  });
  const nativeRedirects = nativeRedirectHooks(db);
  const rules = {
    id: "portico-oauth-rules",
    hooks: {
      before: [
        registrationLimitsHook(),
        registrationDefaultsHook(),
        nativeRedirects.before,
        authorizationDefaultsHook(mcpResource),
        projectChoiceHook(db),
        refreshAccessHook(db),
      ],
      after: [nativeRedirects.after, pkceFailureHook(), consentAuditHook(db)],
    },
  } satisfies BetterAuthPlugin;
  return [provider, rules] as const;
}
