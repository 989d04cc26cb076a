// Per-user MCP credentials: "pxu_" tokens that act as one external user on the project's /mcp. Shown
// once, stored as a hash, revocable; revoking drops the gateway's cached principals of the project on
// every replica (gateway.invalidateProject), as revoking an API key does.
import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { externalUserToken } from "../db/schema/index.ts";
import { issueExternalUserTokenInput, revokeExternalUserTokenInput } from "./external-user-schemas.ts";
import { generateExternalUserToken, maskExternalUserToken } from "./external-user-secrets.ts";
import { requireExternalUser } from "./external-users.ts";
import { auditExternalUser, type ProjectScope, parseInput } from "./project-scope.ts";

export const TOKEN_NOT_FOUND = "Token not found";

export async function issueExternalUserToken(app: App, scope: ProjectScope, input: unknown) {
  const { externalUserId } = parseInput(issueExternalUserTokenInput, input);
  const user = await requireExternalUser(app.db, scope, externalUserId);
  const generated = generateExternalUserToken();
  const [row] = await app.db
    .insert(externalUserToken)
    .values({
      externalUserId: user.id,
      projectId: scope.projectId,
      prefix: generated.prefix,
      lastFour: generated.lastFour,
      secretHash: generated.secretHash,
    })
    .returning({ id: externalUserToken.id });
  if (!row) throw new Error("external user token insert returned no row");
  const masked = maskExternalUserToken(generated.prefix, generated.lastFour);
  await auditExternalUser(app.db, scope, "external_user.token_issued", externalUserId, { masked });
  return {
    id: row.id,
    token: generated.secret,
    masked,
  };
}

export async function revokeExternalUserToken(app: App, scope: ProjectScope, input: unknown) {
  const { externalUserId, tokenId } = parseInput(revokeExternalUserTokenInput, input);
  const user = await requireExternalUser(app.db, scope, externalUserId);
  const ofUser = and(eq(externalUserToken.id, tokenId), eq(externalUserToken.externalUserId, user.id));
  const [revoked] = await app.db
    .update(externalUserToken)
    .set({ revokedAt: new Date() })
    .where(and(ofUser, isNull(externalUserToken.revokedAt)))
    .returning({ id: externalUserToken.id, revokedAt: externalUserToken.revokedAt });
  if (revoked?.revokedAt) {
    await auditExternalUser(app.db, scope, "external_user.token_revoked", externalUserId);
    await app.gateway.invalidateProject(scope.projectId);
    return { id: revoked.id, revokedAt: revoked.revokedAt };
  }
  // Already revoked: revoking again changes nothing.
  const [existing] = await app.db
    .select({ id: externalUserToken.id, revokedAt: externalUserToken.revokedAt })
    .from(externalUserToken)
    .where(ofUser);
  if (!existing?.revokedAt) throw new AppError("NOT_FOUND", TOKEN_NOT_FOUND);
  return { id: existing.id, revokedAt: existing.revokedAt };
}
