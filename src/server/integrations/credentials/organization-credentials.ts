// An organization's own credentials (bring your own OAuth app or API token). Members see them
// (without secrets); owners and admins change them.
import type { CredentialAccess } from "../../../integrations/_providers/access.ts";
import { providers } from "../../../lib/integrations/providers.ts";
import { organizationRoleAllows } from "../../../lib/permissions.ts";
import type { App } from "../../app-services.ts";
import { recordAuditEvent } from "../../audit/record-audit-event.ts";
import { connectionConnected } from "../../builder-webhooks/origin-events.ts";
import type { Database } from "../../db/client.ts";
import { requireOrganizationAction } from "../../organizations/access.ts";
import { readAccountIdentity } from "../connections/account-identity.ts";
import { upsertConnection } from "../connections/connection-store.ts";
import { isCheckedFlow } from "../credential-check.ts";
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
    canManage: organizationRoleAllows(role, "integrations.manage"),
  };
}

/**
 * Saves the organization's credential. A checked API token or service account is itself the
 * connection, so it becomes the organization's active connection to that provider.
 */
export async function saveOrganizationCredential(
  // The whole app: a checked credential is a connection, which tells the builder's webhooks.
  deps: App,
  userId: string,
  organizationId: string,
  submission: CredentialSubmission,
) {
  await requireOrganizationAction(deps.db, userId, organizationId, "integrations.manage");
  let checked: CredentialAccess | undefined;
  const saved = await saveCredential(
    deps,
    organizationOwner(organizationId),
    submission,
    userId,
    (access) => {
      checked = access;
    },
  );
  const label = providers[submission.provider].name;
  const facts = { provider: submission.provider, authFlow: submission.authFlow };
  if (isCheckedFlow(submission.authFlow)) {
    // The account the saved key reaches, from the provider's documented identity call (null without one).
    const identity = checked
      ? await readAccountIdentity(deps, submission.provider, { ...checked, authFlow: submission.authFlow })
      : null;
    const connection = await upsertConnection(deps.db, {
      ...(identity
        ? { accountId: identity.id, accountLabel: identity.label }
        : { accountId: null, accountLabel: null }),
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
    // The checked token is the connection: a person reads this as connecting the integration.
    await recordAuditEvent(deps.db, {
      organizationId,
      action: "integration.connected",
      actorId: userId,
      target: { type: "integration", id: connection.id, label },
      details: facts,
    });
    connectionConnected(deps, connection.id);
    return saved;
  }
  // After the fact, not in one transaction: saving checks the credential with the provider first, and
  // a transaction held open across that request would stall the embedded database meanwhile.
  await recordAuditEvent(deps.db, {
    organizationId,
    action: "credentials.updated",
    actorId: userId,
    target: { type: "credential", id: saved.id, label },
    details: facts,
  });
  return saved;
}

export async function deleteOrganizationCredential(
  db: Database,
  userId: string,
  organizationId: string,
  credentialId: string,
) {
  await requireOrganizationAction(db, userId, organizationId, "integrations.manage");
  return db.transaction(async (tx) => {
    const deleted = await deleteCredential(tx, organizationOwner(organizationId), credentialId);
    await recordAuditEvent(tx, {
      organizationId,
      action: "credentials.deleted",
      actorId: userId,
      target: { type: "credential", id: deleted.id, label: providers[deleted.provider].name },
      details: { provider: deleted.provider, authFlow: deleted.authFlow },
    });
    return deleted;
  });
}
