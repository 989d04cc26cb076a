// A token request whose code_verifier does not match the code's challenge is an invalid grant: 400
// invalid_grant (RFC 7636 §4.6, RFC 6749 §5.2). The oauth-provider plugin answers 401 invalid_request,
// which clients read as "bad client credentials" and retry with the same verifier.
import { APIError, createAuthMiddleware } from "better-auth/api";

/** The plugin's description of this one failure (pinned with its version in package.json). */
const VERIFIER_MISMATCH = "code verification failed";

export function pkceFailureHook() {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/token",
    handler: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned;
      if (!(returned instanceof APIError)) return;
      if (
        (returned.body as { error_description?: unknown } | undefined)?.error_description !==
        VERIFIER_MISMATCH
      )
        return;
      // A Response, not a thrown APIError: the answer's status would otherwise stay the plugin's 401.
      return new Response(
        JSON.stringify({
          error: "invalid_grant",
          error_description:
            "The code_verifier does not match the code_challenge of this authorization code.",
        }),
        { status: 400, headers: { "content-type": "application/json", "cache-control": "no-store" } },
      );
    }),
  };
}
