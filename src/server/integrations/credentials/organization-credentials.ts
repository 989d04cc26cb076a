// An organization's own credentials (bring your own OAuth app or API token). Members see them
// (without secrets); owners and admins change them.
import { organizationRoleAllows } from "../../../lib/permissions.ts";
import type { Database } from "../../db/client.ts";
import { requireOrganizationAction } from "../../organizations/access.ts";
import { upsertConnection } from "../connections/connection-store.ts";
import { isCheckedFlow } from "../credential-check.ts";
import {
  type CredentialDeps,
  type CredentialSubmission,
  deleteCredential,
  listCredentials,
  organizationOwner,
  saveCredential,
} from "./credential-store.ts";
import { platformCredentialFlows } from "./platform-credentials.ts";

export async function getOrganizationCredentials(db: Database, userId: string, organizationId: string) {
  const role = await requireOrganizationAction(db, userId, organizationId, "integrations.view");
  return {
    credentials: await listCredentials(db, organizationOwner(organizationId)),
    /** Provider flows Portico itself has credentials for (e.g. a global OAuth app). */
    platform: await platformCredentialFlows(db),
    canManage: organizationRoleAllows(role, "integrations.manage"),
  };
}

/**
 * Saves the organization's credential. A checked API token or service account is itself the
 * connection, so it becomes the organization's active connection to that provider.
 */
export async function saveOrganizationCredential(
  deps: CredentialDeps,
  userId: string,
  organizationId: string,
  submission: CredentialSubmission,
) {
  await requireOrganizationAction(deps.db, userId, organizationId, "integrations.manage");
  const saved = await saveCredential(deps, organizationOwner(organizationId), submission, userId);
  if (isCheckedFlow(submission.authFlow)) {
    await upsertConnection(deps.db, {
      organizationId,
      provider: submission.provider,
      authFlow: submission.authFlow,
      status: "active",
      statusReason: null,
      credentialId: saved.id,
      credentialScope: "organization",
      tokens: null,
      tokensKeyId: null,
      accessTokenExpiresAt: null,
      scopes: null,
      connectedByUserId: userId,
      connectedAt: new Date(),
    });
  }
  return saved;
}

export async function deleteOrganizationCredential(
  db: Database,
  userId: string,
  organizationId: string,
  credentialId: string,
) {
  await requireOrganizationAction(db, userId, organizationId, "integrations.manage");
  return deleteCredential(db, organizationOwner(organizationId), credentialId);
}
