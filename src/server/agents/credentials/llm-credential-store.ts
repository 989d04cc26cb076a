// LLM credentials: an organization's own (owners and admins manage, members see) and platform-wide
// ones from site admins, which every organization's agents may use. The key is checked with the
// provider before it is saved and never leaves the server; people see its masked tail and which
// agents use it.
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { LlmType } from "../../../lib/agents/models.ts";
import { llmApiKeySchema, llmCredentialInputSchema } from "../../../lib/agents/validation.ts";
import { AppError } from "../../../lib/errors.ts";
import { organizationRoleAllows } from "../../../lib/permissions.ts";
import type { App } from "../../app-services.ts";
import { recordAuditEvent } from "../../audit/record-audit-event.ts";
import type { Database } from "../../db/client.ts";
import { llmCredential, project, projectAgent } from "../../db/schema/index.ts";
import { assertCallableUrl } from "../../integrations/base-url-guard.ts";
import { requireOrganizationAction } from "../../organizations/access.ts";
import { llmEndpoint } from "./llm-endpoints.ts";
import { checkLlmKey } from "./llm-key-check.ts";
import { openApiKey, sealApiKey } from "./llm-secret.ts";

export const LLM_CREDENTIAL_NOT_FOUND = "LLM credential not found";

type Row = typeof llmCredential.$inferSelect;
type Owner = { scope: "organization"; organizationId: string } | { scope: "global"; organizationId: null };

const ownedBy = (owner: Owner) =>
  owner.scope === "global"
    ? and(eq(llmCredential.scope, "global"), isNull(llmCredential.organizationId))
    : and(eq(llmCredential.scope, "organization"), eq(llmCredential.organizationId, owner.organizationId));

function view(row: Row, usedBy: { id: string; name: string; projectId: string; projectName: string }[]) {
  return {
    id: row.id,
    scope: row.scope,
    name: row.name,
    llmType: row.llmType,
    baseUrl: row.baseUrl,
    projectId: row.googleProjectId,
    keyHint: row.secretHint,
    usedBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type LlmCredentialView = ReturnType<typeof view>;

/** Agents using each credential; for platform credentials only those the organization can see. */
async function agentsUsing(db: Database, credentialIds: string[], organizationId: string | null) {
  if (credentialIds.length === 0) return new Map<string, LlmCredentialView["usedBy"]>();
  const rows = await db
    .select({
      credentialId: projectAgent.llmCredentialId,
      id: projectAgent.id,
      name: projectAgent.name,
      projectId: project.id,
      projectName: project.name,
    })
    .from(projectAgent)
    .innerJoin(project, eq(project.id, projectAgent.projectId))
    .where(
      and(
        inArray(projectAgent.llmCredentialId, credentialIds),
        organizationId ? eq(project.organizationId, organizationId) : undefined,
      ),
    )
    .orderBy(asc(project.name), asc(projectAgent.name));
  const byCredential = new Map<string, LlmCredentialView["usedBy"]>();
  for (const { credentialId, ...agent } of rows) {
    if (!credentialId) continue;
    byCredential.set(credentialId, [...(byCredential.get(credentialId) ?? []), agent]);
  }
  return byCredential;
}

async function listOwned(db: Database, owner: Owner, usersOrganization: string | null) {
  const rows = await db.select().from(llmCredential).where(ownedBy(owner)).orderBy(asc(llmCredential.name));
  const used = await agentsUsing(
    db,
    rows.map((row) => row.id),
    usersOrganization,
  );
  return rows.map((row) => view(row, used.get(row.id) ?? []));
}

export async function getLlmCredentials(db: Database, userId: string, organizationId: string) {
  const role = await requireOrganizationAction(db, userId, organizationId, "llmCredentials.view");
  return {
    credentials: await listOwned(db, { scope: "organization", organizationId }, organizationId),
    platform: await listOwned(db, { scope: "global", organizationId: null }, organizationId),
    canManage: organizationRoleAllows(role, "llmCredentials.manage"),
  };
}

export const getGlobalLlmCredentials = (db: Database) =>
  listOwned(db, { scope: "global", organizationId: null }, null);

async function findOwned(db: Database, owner: Owner, credentialId: string) {
  const [row] = await db
    .select()
    .from(llmCredential)
    .where(and(ownedBy(owner), eq(llmCredential.id, credentialId)));
  if (!row) throw new AppError("NOT_FOUND", LLM_CREDENTIAL_NOT_FOUND);
  return row;
}

/**
 * Creates a credential, or replaces one when `credentialId` is given; an empty key on update keeps the
 * saved key (when the provider stays the same). The key is checked with the provider first.
 */
async function save(app: App, owner: Owner, userId: string, input: unknown, credentialId?: string) {
  const parsed = llmCredentialInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid input");
  const submitted = parsed.data;
  const existing = credentialId ? await findOwned(app.db, owner, credentialId) : null;
  const keepKey = existing && existing.llmType === submitted.llmType && !submitted.apiKey;
  const apiKey = keepKey ? openApiKey(app.keyring, existing) : submitted.apiKey;
  const key = llmApiKeySchema[submitted.llmType].safeParse(apiKey ?? "");
  if (!key.success) throw new AppError("BAD_REQUEST", key.error.issues[0]?.message ?? "Invalid input");
  const baseUrl = submitted.llmType === "openai" ? (submitted.baseUrl ?? null) : null;
  if (baseUrl) {
    await assertCallableUrl(baseUrl, "Base URL must be a valid URL", {
      allowPrivateNetworks: app.config.allowPrivateUrls,
    });
  }
  const endpoint = llmEndpoint(app.config.llmEndpoints, submitted.llmType, baseUrl);
  await checkLlmKey(
    submitted.llmType,
    endpoint,
    key.data,
    app.config.allowPrivateUrls,
    submitted.llmType === "google" ? submitted.projectId || null : null,
  );
  const id = existing?.id ?? crypto.randomUUID();
  const values = {
    name: submitted.name,
    llmType: submitted.llmType,
    baseUrl,
    googleProjectId: submitted.llmType === "google" ? submitted.projectId || null : null,
    ...sealApiKey(app.keyring, id, key.data),
    updatedAt: new Date(),
  };
  const [row] = existing
    ? await app.db.update(llmCredential).set(values).where(eq(llmCredential.id, id)).returning()
    : await app.db
        .insert(llmCredential)
        .values({ id, ...owner, ...values, createdByUserId: userId })
        .returning();
  if (!row) throw new AppError("NOT_FOUND", LLM_CREDENTIAL_NOT_FOUND);
  const used = await agentsUsing(app.db, [row.id], owner.organizationId);
  return view(row, used.get(row.id) ?? []);
}

export async function saveLlmCredential(
  app: App,
  userId: string,
  organizationId: string,
  input: unknown,
  credentialId?: string,
) {
  await requireOrganizationAction(app.db, userId, organizationId, "llmCredentials.manage");
  const saved = await save(app, { scope: "organization", organizationId }, userId, input, credentialId);
  // After the fact: saving checks the key with the provider, not a request to hold a transaction over.
  await recordAuditEvent(app.db, {
    organizationId,
    action: "llm_credentials.updated",
    actorId: userId,
    target: { type: "llm_credential", id: saved.id, label: saved.name },
    details: { provider: saved.llmType, created: !credentialId },
  });
  return saved;
}

export const saveGlobalLlmCredential = (app: App, userId: string, input: unknown, credentialId?: string) =>
  save(app, { scope: "global", organizationId: null }, userId, input, credentialId);

/** Agents that used the credential keep their configuration and ask for a new credential. */
export async function deleteLlmCredential(db: Database, userId: string, organizationId: string, id: string) {
  await requireOrganizationAction(db, userId, organizationId, "llmCredentials.manage");
  const row = await findOwned(db, { scope: "organization", organizationId }, id);
  await db.transaction(async (tx) => {
    await tx.delete(llmCredential).where(eq(llmCredential.id, row.id));
    await recordAuditEvent(tx, {
      organizationId,
      action: "llm_credentials.deleted",
      actorId: userId,
      target: { type: "llm_credential", id: row.id, label: row.name },
      details: { provider: row.llmType },
    });
  });
  return { id: row.id };
}

export async function deleteGlobalLlmCredential(db: Database, id: string) {
  const row = await findOwned(db, { scope: "global", organizationId: null }, id);
  await db.delete(llmCredential).where(eq(llmCredential.id, row.id));
  return { id: row.id };
}

/** Credentials an organization's agents may use: its own and the platform's. */
export const usableBy = (organizationId: string) =>
  or(
    and(eq(llmCredential.scope, "organization"), eq(llmCredential.organizationId, organizationId)),
    eq(llmCredential.scope, "global"),
  );

export async function findUsableCredential(db: Database, organizationId: string, credentialId: string) {
  const [row] = await db
    .select()
    .from(llmCredential)
    .where(and(usableBy(organizationId), eq(llmCredential.id, credentialId)));
  return row ?? null;
}

export interface OpenedLlmCredential {
  id: string;
  llmType: LlmType;
  apiKey: string;
  baseUrl: string | null;
  googleProjectId: string | null;
}

/** The decrypted credential, for server-side use only (calling the model). */
export async function openUsableCredential(
  app: App,
  organizationId: string,
  credentialId: string,
): Promise<OpenedLlmCredential | null> {
  const row = await findUsableCredential(app.db, organizationId, credentialId);
  if (!row) return null;
  return {
    id: row.id,
    llmType: row.llmType,
    apiKey: openApiKey(app.keyring, row),
    baseUrl: row.baseUrl,
    googleProjectId: row.googleProjectId,
  };
}
