// Better Auth's refusals, reworded where its own text leaves a person without a next step.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { endpointHookPlugin } from "./endpoint-hook.ts";

export const BANNED_MESSAGE =
  "This account has been suspended by a site administrator. Contact support if you think this is a mistake.";
export const EMAIL_NOT_VERIFIED_MESSAGE =
  "Confirm your email address first: we have sent you a link. Check your inbox, then sign in again.";

export function authMessages(): BetterAuthPlugin {
  return endpointHookPlugin(
    "auth-messages",
    "after",
    "/sign-in/email",
    createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned;
      if (returned instanceof APIError && returned.body?.code === "EMAIL_NOT_VERIFIED") {
        throw new APIError("FORBIDDEN", {
          message: EMAIL_NOT_VERIFIED_MESSAGE,
          code: "EMAIL_NOT_VERIFIED",
        });
      }
    }),
  );
}
