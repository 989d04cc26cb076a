// Project API keys: created by editors and admins, shown once, listed masked, revoked at once on every
// replica (the gateway's key cache is dropped through a database notification). A personal key acts as
// its creator (their own connections too) and stops when they lose the project; a project key is a
// service identity that reaches shared connections only.
import { and, desc, eq, isNull } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { ApiKeyKind } from "../../lib/validation.ts";
import type { App } from "../app-services.ts";
import { recordProjectAuditEvent } from "../audit/record-audit-event.ts";
import { apiKey, user } from "../db/schema/index.ts";
import { requireProjectAction } from "../projects/access.ts";
import { generateApiKeySecret, maskApiKey } from "./api-key-secret.ts";
import { creatorColumns, creatorOf, secretStatus } from "./listed-secret.ts";

export const API_KEY_NOT_FOUND = "API key not found";

export interface MaskedApiKey {
  id: string;
  name: string;
  kind: ApiKeyKind;
  masked: string;
  createdAt: Date;
  createdBy: { id: string; name: string; email: string };
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  status: "active" | "expired" | "revoked";
}

export async function createApiKey(
  app: App,
  userId: string,
  projectId: string,
  input: { name: string; expiresAt?: Date | null; kind?: ApiKeyKind },
): Promise<{
  id: string;
  name: string;
  kind: ApiKeyKind;
  secret: string;
  masked: string;
  expiresAt: Date | null;
}> {
  const kind = input.kind ?? "project";
  const access = await requireProjectAction(app.db, userId, projectId, "apiKeys.create");
  if (input.expiresAt && input.expiresAt <= new Date()) {
    throw new AppError("BAD_REQUEST", "The expiry date must be in the future");
  }
  const generated = generateApiKeySecret();
  const masked = maskApiKey(generated.prefix, generated.lastFour);
  const row = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(apiKey)
      .values({
        projectId,
        name: input.name,
        kind,
        prefix: generated.prefix,
        lastFour: generated.lastFour,
        secretHash: generated.secretHash,
        createdBy: userId,
        expiresAt: input.expiresAt ?? null,
      })
      .returning({ id: apiKey.id, expiresAt: apiKey.expiresAt });
    if (!inserted) throw new Error("API key insert returned no row");
    await recordProjectAuditEvent(tx, access.project, {
      action: "api_key.created",
      actorId: userId,
      target: { type: "api_key", id: inserted.id, label: input.name },
      // The masked form only (prefix and last four), as the key list shows it.
      details: { masked, kind, expiresAt: inserted.expiresAt?.toISOString() ?? null },
    });
    return inserted;
  });
  // Unknown keys are refused without a read on every replica: each learns of this one first.
  await app.gateway.keyCreated(generated.secretHash);
  return { id: row.id, name: input.name, kind, secret: generated.secret, masked, expiresAt: row.expiresAt };
}

/** Every key of the project, newest first, never with a secret. */
export async function listMaskedApiKeys(
  app: App,
  userId: string,
  projectId: string,
): Promise<MaskedApiKey[]> {
  await requireProjectAction(app.db, userId, projectId, "apiKeys.view");
  const rows = await app.db
    .select({
      id: apiKey.id,
      name: apiKey.name,
      kind: apiKey.kind,
      prefix: apiKey.prefix,
      lastFour: apiKey.lastFour,
      createdAt: apiKey.createdAt,
      lastUsedAt: apiKey.lastUsedAt,
      expiresAt: apiKey.expiresAt,
      revokedAt: apiKey.revokedAt,
      ...creatorColumns,
    })
    .from(apiKey)
    .innerJoin(user, eq(user.id, apiKey.createdBy))
    .where(eq(apiKey.projectId, projectId))
    .orderBy(desc(apiKey.createdAt));
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    masked: maskApiKey(row.prefix, row.lastFour),
    createdAt: row.createdAt,
    createdBy: creatorOf(row),
    lastUsedAt: row.lastUsedAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    status: secretStatus(row, now),
  }));
}

/** The caller's own usable keys in the project, to name in setup snippets (masked: secrets are gone). */
export async function listSnippetApiKeys(
  app: App,
  userId: string,
  projectId: string,
): Promise<Array<{ id: string; name: string; masked: string }>> {
  const keys = await listMaskedApiKeys(app, userId, projectId);
  return keys
    .filter((key) => key.createdBy.id === userId && key.status === "active")
    .map(({ id, name, masked }) => ({ id, name, masked }));
}

export async function revokeApiKey(
  app: App,
  userId: string,
  projectId: string,
  keyId: string,
): Promise<void> {
  const access = await requireProjectAction(app.db, userId, projectId, "apiKeys.revoke");
  const row = await app.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKey)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKey.id, keyId), eq(apiKey.projectId, projectId), isNull(apiKey.revokedAt)))
      .returning({ id: apiKey.id, name: apiKey.name, prefix: apiKey.prefix, lastFour: apiKey.lastFour });
    if (revoked) {
      await recordProjectAuditEvent(tx, access.project, {
        action: "api_key.revoked",
        actorId: userId,
        target: { type: "api_key", id: revoked.id, label: revoked.name },
        details: { masked: maskApiKey(revoked.prefix, revoked.lastFour) },
      });
    }
    return revoked;
  });
  if (!row) {
    const [existing] = await app.db
      .select({ id: apiKey.id })
      .from(apiKey)
      .where(and(eq(apiKey.id, keyId), eq(apiKey.projectId, projectId)));
    if (!existing) throw new AppError("NOT_FOUND", API_KEY_NOT_FOUND);
    return; // Already revoked: revoking again changes nothing.
  }
  await app.gateway.invalidateProject(projectId);
}
