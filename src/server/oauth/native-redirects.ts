// Native MCP clients whose redirect URI uses a private-use scheme with an authority, such as Cursor's
// `cursor://anysphere.cursor-retrieval/oauth/…/callback`. RFC 8252 §7.1 lets native apps use
// private-use schemes and only recommends the reverse-domain, authority-free form, which the
// oauth-provider plugin insists on; Cursor's own setup guide uses the form above, so without this the
// Cursor OAuth route fails at registration.
//
// How: before registration, each such URI is swapped for a stand-in the plugin accepts (a
// reverse-domain scheme carrying the original, encoded); after it, the client's stored redirect URIs
// and the registration answer get the originals back. Authorization then matches redirect URIs
// exactly as registered, with no scheme rule of its own. Browser schemes (javascript:, data:, file:…)
// are never private-use schemes and stay refused.
import { isReverseDomainPrivateUseRedirectUri } from "@better-auth/core/utils/redirect-uri";
import { createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { oauthClient } from "../db/schema/index.ts";
import { isPrivateUseRedirect } from "./request-defaults.ts";

const STAND_IN_SCHEME = "portico.native-redirect:/";

const standIn = (uri: string) => `${STAND_IN_SCHEME}${Buffer.from(uri).toString("base64url")}`;
const original = (uri: string) =>
  uri.startsWith(STAND_IN_SCHEME)
    ? Buffer.from(uri.slice(STAND_IN_SCHEME.length), "base64url").toString()
    : uri;

/** A private-use redirect the plugin would refuse only for its form (an authority, no reverse domain). */
function needsStandIn(uri: unknown): uri is string {
  return isPrivateUseRedirect(uri) && !isReverseDomainPrivateUseRedirectUri(new URL(uri as string));
}

export function nativeRedirectHooks(db: Database) {
  const matcher = (ctx: { path?: string }) => ctx.path === "/oauth2/register";
  return {
    before: {
      matcher,
      handler: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as { redirect_uris?: unknown } | undefined;
        if (!Array.isArray(body?.redirect_uris) || !body.redirect_uris.some(needsStandIn)) return;
        const redirect_uris = body.redirect_uris.map((uri) => (needsStandIn(uri) ? standIn(uri) : uri));
        return { context: { body: { ...body, redirect_uris } } };
      }),
    },
    after: {
      matcher,
      handler: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned as { client_id?: unknown; redirect_uris?: unknown } | undefined;
        if (!returned || typeof returned.client_id !== "string" || !Array.isArray(returned.redirect_uris))
          return;
        if (!returned.redirect_uris.some((uri) => String(uri).startsWith(STAND_IN_SCHEME))) return;
        const redirectUris = returned.redirect_uris.map((uri) => original(String(uri)));
        await db
          .update(oauthClient)
          .set({ redirectUris })
          .where(eq(oauthClient.clientId, returned.client_id));
        returned.redirect_uris = redirectUris;
      }),
    },
  };
}
