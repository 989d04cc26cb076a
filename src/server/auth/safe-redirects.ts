// Every place Better Auth sends the browser after it acts (verify-email, reset-password, sign-in and
// sign-up, change-email, delete-user and their callbacks) takes the target from the request:
// callbackURL, newUserCallbackURL, errorCallbackURL, redirectTo. Better Auth accepts any relative
// path, and `/.//evil.example` is one: verify-email answered `Location: //evil.example`. One hook on
// every endpoint, before any of them runs, refuses a target that is not on this site, however spelled
// (lib/safe-redirect.ts), in the query or in the body.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { isSameSiteTarget } from "../../lib/safe-redirect.ts";

/** The parameters of Better Auth 1.7's endpoints (and its plugins') that name where the browser goes. */
export const REDIRECT_PARAMETERS = [
  "callbackURL",
  "newUserCallbackURL",
  "errorCallbackURL",
  "redirectTo",
  "redirectURL",
] as const;

/** The first parameter of `source` that points off the site, or null. */
function offSiteParameter(source: unknown, baseUrl: string): string | null {
  if (typeof source !== "object" || source === null) return null;
  for (const name of REDIRECT_PARAMETERS) {
    const value = (source as Record<string, unknown>)[name];
    if (value === undefined || value === null || value === "") continue;
    if (typeof value !== "string" || !isSameSiteTarget(value, baseUrl)) return name;
  }
  return null;
}

export function safeRedirects(baseUrl: string): BetterAuthPlugin {
  return {
    id: "safe-redirects",
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const name = offSiteParameter(ctx.query, baseUrl) ?? offSiteParameter(ctx.body, baseUrl);
            if (name) {
              throw new APIError("BAD_REQUEST", {
                code: "INVALID_REDIRECT",
                message: `${name} must be a path on this site.`,
              });
            }
          }),
        },
      ],
    },
  };
}
