// A refresh token outlives project membership changes. Renewing one for a user who can no longer open
// its project is refused with invalid_grant (instead of minting a token /mcp would refuse anyway), so
// the client knows at once that it has to ask the user again.
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { oauthRefreshToken } from "../db/schema/index.ts";
import { findProjectAccess } from "../projects/access.ts";
import { hashStoredToken } from "./token-hash.ts";
import { REFRESH_TOKEN_PREFIX } from "./token-prefixes.ts";

export function refreshAccessHook(db: Database) {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/token",
    handler: createAuthMiddleware(async (ctx) => {
      const body = (ctx.body ?? {}) as { grant_type?: unknown; refresh_token?: unknown };
      if (body.grant_type !== "refresh_token" || typeof body.refresh_token !== "string") return;
      if (!body.refresh_token.startsWith(REFRESH_TOKEN_PREFIX)) return;
      const stored = hashStoredToken(body.refresh_token.slice(REFRESH_TOKEN_PREFIX.length));
      const [row] = await db
        .select({ userId: oauthRefreshToken.userId, projectId: oauthRefreshToken.referenceId })
        .from(oauthRefreshToken)
        .where(eq(oauthRefreshToken.token, stored));
      if (!row) return;
      const access = row.projectId ? await findProjectAccess(db, row.projectId, row.userId) : null;
      if (!access) {
        throw new APIError("BAD_REQUEST", {
          error: "invalid_grant",
          error_description: "The user no longer has access to the project this grant was for.",
        });
      }
    }),
  };
}
