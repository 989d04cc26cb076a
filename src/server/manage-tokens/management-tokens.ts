// Management tokens: created and revoked by an organization's owners and admins, shown once, listed
// masked, each change in the audit log. Revoking one stops it on every replica at once
// (management-token-cache.ts). Secrets are made and masked as API keys' are (api-keys/api-key-secret.ts).
import { and, desc, eq, isNull } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { type ManagementScope, normalizeScopes } from "../../lib/management-scopes.ts";
import { maskApiKey } from "../api-keys/api-key-secret.ts";
import { creatorColumns, creatorOf, secretStatus } from "../api-keys/listed-secret.ts";
import type { App } from "../app-services.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import { managementToken, user } from "../db/schema/index.ts";
import { requireOrganizationAction } from "../organizations/access.ts";
import { forgetRevokedToken } from "./management-token-cache.ts";
import type {
  CreatedManagementTokenOutput,
  CreateManagementTokenInput,
  ManagementTokenOutput,
} from "./management-token-schemas.ts";
import { generateManagementTokenSecret } from "./management-token-secret.ts";

export const MANAGEMENT_TOKEN_NOT_FOUND = "Management token not found";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function createManagementToken(
  app: App,
  userId: string,
  organizationId: string,
  input: CreateManagementTokenInput,
): Promise<CreatedManagementTokenOutput> {
  await requireOrganizationAction(app.db, userId, organizationId, "managementTokens.manage");
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= new Date()) {
    throw new AppError("BAD_REQUEST", "The expiry date must be in the future");
  }
  const scopes = normalizeScopes(input.scopes);
  const generated = generateManagementTokenSecret();
  const masked = maskApiKey(generated.prefix, generated.lastFour);
  const id = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(managementToken)
      .values({
        organizationId,
        name: input.name,
        scopes,
        prefix: generated.prefix,
        lastFour: generated.lastFour,
        secretHash: generated.secretHash,
        createdBy: userId,
        expiresAt,
      })
      .returning({ id: managementToken.id });
    if (!inserted) throw new Error("Management token insert returned no row");
    await recordAuditEvent(tx, {
      organizationId,
      action: "management_token.created",
      actorId: userId,
      target: { type: "management_token", id: inserted.id, label: input.name },
      // The masked form only, as the list shows it.
      details: { masked, scopes: scopes.join(" "), expiresAt: iso(expiresAt) },
    });
    return inserted.id;
  });
  return { id, name: input.name, scopes, secret: generated.secret, masked, expiresAt: iso(expiresAt) };
}

/** Every token of the organization, newest first, never with a secret. */
export async function listManagementTokens(
  app: App,
  userId: string,
  organizationId: string,
): Promise<ManagementTokenOutput[]> {
  await requireOrganizationAction(app.db, userId, organizationId, "managementTokens.manage");
  const rows = await app.db
    .select({
      id: managementToken.id,
      name: managementToken.name,
      scopes: managementToken.scopes,
      prefix: managementToken.prefix,
      lastFour: managementToken.lastFour,
      createdAt: managementToken.createdAt,
      lastUsedAt: managementToken.lastUsedAt,
      expiresAt: managementToken.expiresAt,
      revokedAt: managementToken.revokedAt,
      ...creatorColumns,
    })
    .from(managementToken)
    .innerJoin(user, eq(user.id, managementToken.createdBy))
    .where(eq(managementToken.organizationId, organizationId))
    .orderBy(desc(managementToken.createdAt));
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scopes: row.scopes as ManagementScope[],
    masked: maskApiKey(row.prefix, row.lastFour),
    createdAt: row.createdAt.toISOString(),
    createdBy: creatorOf(row),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    status: secretStatus(row, now),
  }));
}

export async function revokeManagementToken(
  app: App,
  userId: string,
  organizationId: string,
  tokenId: string,
): Promise<void> {
  await requireOrganizationAction(app.db, userId, organizationId, "managementTokens.manage");
  const revoked = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(managementToken)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(managementToken.id, tokenId),
          eq(managementToken.organizationId, organizationId),
          isNull(managementToken.revokedAt),
        ),
      )
      .returning({
        id: managementToken.id,
        name: managementToken.name,
        prefix: managementToken.prefix,
        lastFour: managementToken.lastFour,
      });
    if (row) {
      await recordAuditEvent(tx, {
        organizationId,
        action: "management_token.revoked",
        actorId: userId,
        target: { type: "management_token", id: row.id, label: row.name },
        details: { masked: maskApiKey(row.prefix, row.lastFour) },
      });
    }
    return row;
  });
  if (!revoked) {
    const [existing] = await app.db
      .select({ id: managementToken.id })
      .from(managementToken)
      .where(and(eq(managementToken.id, tokenId), eq(managementToken.organizationId, organizationId)));
    if (!existing) throw new AppError("NOT_FOUND", MANAGEMENT_TOKEN_NOT_FOUND);
    return; // Already revoked: revoking again changes nothing.
  }
  await forgetRevokedToken(app, tokenId);
}
