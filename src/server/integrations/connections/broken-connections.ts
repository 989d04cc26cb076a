// The banner's data (organization and project overviews, the nav's count): the organization's
// connections in error, with what to do about each. Only the organization's members see it; owners and
// admins get the reconnect link, members the names of those who can reconnect.
import { and, asc, eq } from "drizzle-orm";
import { providers } from "../../../lib/integrations/providers.ts";
import { organizationRoleAllows } from "../../../lib/permissions.ts";
import type { App } from "../../app-services.ts";
import { integrationConnection, organizationMember, user } from "../../db/schema/index.ts";
import { ownersAndAdminsOf, requireOrganizationAction } from "../../organizations/access.ts";
import { integrationsOf, plainReason, redactSecrets } from "./connection-alert-text.ts";
import { sharedOnly } from "./connection-choice.ts";

export async function getBrokenConnections(app: App, userId: string, organizationId: string) {
  const role = await requireOrganizationAction(app.db, userId, organizationId, "integrations.view");
  const rows = await app.db
    .select({
      provider: integrationConnection.provider,
      statusReason: integrationConnection.statusReason,
      since: integrationConnection.updatedAt,
    })
    .from(integrationConnection)
    .where(
      and(
        eq(integrationConnection.organizationId, organizationId),
        eq(integrationConnection.status, "error"),
        // Personal connections are their owners' to fix (account page), not the organization's banner.
        ...sharedOnly,
      ),
    )
    .orderBy(asc(integrationConnection.provider));
  const canReconnect = organizationRoleAllows(role, "integrations.manage");
  const contacts =
    rows.length > 0 && !canReconnect
      ? await app.db
          .select({ name: user.name })
          .from(organizationMember)
          .innerJoin(user, eq(user.id, organizationMember.userId))
          .where(ownersAndAdminsOf(organizationId))
          .orderBy(asc(user.name))
      : [];
  return {
    canReconnect,
    /** Who a member asks (owners and admins by name); empty for those who can reconnect themselves. */
    contacts: contacts.map((contact) => contact.name),
    connections: rows.map((row) => ({
      provider: row.provider,
      name: providers[row.provider].name,
      /** The integration whose editor holds the connection (the page's editIntegration). */
      integrationId: integrationsOf(row.provider)[0]?.id ?? null,
      reason: row.statusReason
        ? redactSecrets(row.statusReason)
        : plainReason(row.provider, row.statusReason),
      since: row.since,
    })),
  };
}
export type BrokenConnections = Awaited<ReturnType<typeof getBrokenConnections>>;
