// Reading and writing credential rows for either scope. Callers check who may do it; this file makes
// sure secrets are sealed on the way in and never leave as plain text on the way out.

import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { CredentialAccess } from "../../../integrations/_providers/access.ts";
import { AppError } from "../../../lib/errors.ts";
import { credentialShape, splitValues } from "../../../lib/integrations/credentials/index.ts";
import { INVALID_AUTH_FLOW_MESSAGE, providers } from "../../../lib/integrations/providers.ts";
import type { AuthFlowType, CredentialScope, ProviderId } from "../../../lib/integrations/types.ts";
import type { Config } from "../../config.ts";
import type { Keyring } from "../../crypto/envelope.ts";
import type { Database } from "../../db/client.ts";
import { integrationCredential } from "../../db/schema/index.ts";
import { assertCallableUrl } from "../base-url-guard.ts";
import { deactivateConnectionsUsing } from "../connections/connection-store.ts";
import { checkCredential, isCheckedFlow } from "../credential-check.ts";
import { type CredentialIdentity, hintsOf, openSecrets, sealSecrets } from "./credential-secrets.ts";

export interface Owner {
  scope: CredentialScope;
  organizationId: string | null;
}
export const GLOBAL: Owner = { scope: "global", organizationId: null };
export const organizationOwner = (organizationId: string): Owner => ({
  scope: "organization",
  organizationId,
});

export const CREDENTIAL_NOT_FOUND = "Credential not found";

type Row = typeof integrationCredential.$inferSelect;

const ownedBy = (owner: Owner): SQL =>
  (owner.organizationId === null
    ? and(eq(integrationCredential.scope, "global"), isNull(integrationCredential.organizationId))
    : and(
        eq(integrationCredential.scope, "organization"),
        eq(integrationCredential.organizationId, owner.organizationId),
      )) as SQL;

/** A credential as the browser sees it: plain fields, and for secrets only whether one is saved. */
export function credentialView(row: Row) {
  const shape = credentialShape(row.provider, row.authFlow);
  return {
    id: row.id,
    scope: row.scope,
    provider: row.provider,
    providerName: providers[row.provider]?.name ?? row.provider,
    authFlow: row.authFlow,
    config: row.config,
    secrets: (shape?.fields ?? [])
      .filter((field) => field.secret)
      .map((field) => ({
        name: field.name,
        label: field.label,
        hasSecret: field.name in row.secretHints,
        hint: row.secretHints[field.name] ?? null,
      })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type CredentialView = ReturnType<typeof credentialView>;

export async function listCredentials(db: Database, owner: Owner): Promise<CredentialView[]> {
  const rows = await db
    .select()
    .from(integrationCredential)
    .where(ownedBy(owner))
    .orderBy(asc(integrationCredential.provider), asc(integrationCredential.authFlow));
  return rows.map(credentialView);
}

async function findRow(db: Database, owner: Owner, provider: ProviderId, authFlow: AuthFlowType) {
  const [row] = await db
    .select()
    .from(integrationCredential)
    .where(
      and(
        ownedBy(owner),
        eq(integrationCredential.provider, provider),
        eq(integrationCredential.authFlow, authFlow),
      ),
    );
  return row;
}

export interface CredentialSubmission {
  provider: ProviderId;
  authFlow: AuthFlowType;
  values: Record<string, string | number | null>;
}

export interface CredentialDeps {
  db: Database;
  keyring: Keyring;
  config: Pick<Config, "integrationEndpoints" | "allowPrivateUrls">;
}

/**
 * Creates or replaces the owner's credential for a provider and flow. A secret field left empty keeps
 * the saved secret; the merged result is validated with the full shape, and API tokens and service
 * accounts are checked with the provider, before anything is written.
 */
export async function saveCredential(
  { db, keyring, config }: CredentialDeps,
  owner: Owner,
  submission: CredentialSubmission,
  userId: string,
  /** Given the access the check reached the provider with (its headers hold secrets: server only). */
  onChecked?: (access: CredentialAccess) => void,
): Promise<CredentialView> {
  const { provider, authFlow } = submission;
  const shape = credentialShape(provider, authFlow);
  if (!shape) throw new AppError("BAD_REQUEST", INVALID_AUTH_FLOW_MESSAGE);
  const identity: CredentialIdentity = { ...owner, provider, authFlow };
  const existing = await findRow(db, owner, provider, authFlow);
  const saved = existing ? openSecrets(keyring, existing) : {};
  const merged: Record<string, unknown> = { ...submission.values };
  for (const field of shape.fields) {
    const value = merged[field.name];
    if (field.secret && (value === undefined || value === null || value === ""))
      merged[field.name] = saved[field.name];
  }
  const parsed = shape.schema.safeParse(merged);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid input");
  for (const field of shape.fields.filter((f) => f.fetchedByServer)) {
    const url = parsed.data[field.name];
    if (typeof url === "string")
      await assertCallableUrl(url, `${field.label.replace(/ \(optional\)$/, "")} must be a valid URL`, {
        allowPrivateNetworks: config.allowPrivateUrls,
      });
  }
  if (isCheckedFlow(authFlow)) {
    const access = await checkCredential(
      config,
      provider,
      authFlow,
      parsed.data as Record<string, string | number>,
    );
    if (access) onChecked?.(access);
  }
  const { config: plain, secrets } = splitValues(shape, parsed.data);
  const sealed = sealSecrets(keyring, identity, secrets);
  const now = new Date();
  const values = {
    config: plain,
    ...sealed,
    secretHints: hintsOf(secrets),
    updatedByUserId: userId,
    updatedAt: now,
  };
  const [row] = await db
    .insert(integrationCredential)
    .values({ ...identity, ...values, createdByUserId: userId })
    .onConflictDoUpdate({
      target:
        owner.scope === "global"
          ? [integrationCredential.provider, integrationCredential.authFlow]
          : [
              integrationCredential.organizationId,
              integrationCredential.provider,
              integrationCredential.authFlow,
            ],
      // A literal, not a parameter: PostgreSQL must match it against the partial unique index.
      targetWhere: sql`${integrationCredential.scope} = ${sql.raw(owner.scope === "global" ? "'global'" : "'organization'")}`,
      set: values,
    })
    .returning();
  if (!row) throw new Error("credential upsert returned no row");
  return credentialView(row);
}

export async function deleteCredential(db: Database, owner: Owner, credentialId: string) {
  const [owned] = await db
    .select({ id: integrationCredential.id })
    .from(integrationCredential)
    .where(and(ownedBy(owner), eq(integrationCredential.id, credentialId)));
  if (!owned) throw new AppError("NOT_FOUND", CREDENTIAL_NOT_FOUND);
  await deactivateConnectionsUsing(db, credentialId);
  const [row] = await db
    .delete(integrationCredential)
    .where(and(ownedBy(owner), eq(integrationCredential.id, credentialId)))
    .returning({
      id: integrationCredential.id,
      provider: integrationCredential.provider,
      authFlow: integrationCredential.authFlow,
    });
  if (!row) throw new AppError("NOT_FOUND", CREDENTIAL_NOT_FOUND);
  return row;
}

/** The decrypted credential, for server-side use only (connecting, calling the provider). */
export async function readCredential(
  db: Database,
  keyring: Keyring,
  owner: Owner,
  provider: ProviderId,
  authFlow: AuthFlowType,
) {
  const row = await findRow(db, owner, provider, authFlow);
  if (!row) return null;
  return { id: row.id, scope: row.scope, values: { ...row.config, ...openSecrets(keyring, row) } };
}

/** The decrypted credential by id, whatever its scope: for connections that recorded which one they use. */
export async function readCredentialById(db: Database, keyring: Keyring, credentialId: string) {
  const [row] = await db
    .select()
    .from(integrationCredential)
    .where(eq(integrationCredential.id, credentialId));
  if (!row) return null;
  return { id: row.id, scope: row.scope, values: { ...row.config, ...openSecrets(keyring, row) } };
}
