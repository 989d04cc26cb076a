// An organization's own credentials (bring your own OAuth app or API token). Members see them
// (without secrets); owners and admins change them.
import type { Keyring } from "../../crypto/envelope.ts";
import type { Database } from "../../db/client.ts";
import { requireOrganizationAction } from "../../organizations/access.ts";
import {
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
    canManage: role === "owner" || role === "admin",
  };
}

export async function saveOrganizationCredential(
  db: Database,
  keyring: Keyring,
  userId: string,
  organizationId: string,
  submission: CredentialSubmission,
) {
  await requireOrganizationAction(db, userId, organizationId, "integrations.manage");
  return saveCredential(db, keyring, organizationOwner(organizationId), submission, userId);
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
