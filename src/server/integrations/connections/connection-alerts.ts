// When a connection breaks (active or pending → error), its organization's owners and admins get one
// e-mail (a personal connection's owner alone, for theirs), whichever process and however many failing calls saw it: setConnectionError's conditional
// update (or the refresh's row lock) claims the breakage through integration_connection.error_alerted_at,
// as usage_alert's insert does for usage (billing/usage-alerts.ts). Reconnecting clears the claim.
import { and, eq, inArray } from "drizzle-orm";
import type { App } from "../../app-services.ts";
import { backgroundWork } from "../../background-work.ts";
import { connectionBroken } from "../../builder-webhooks/origin-events.ts";
import { integrationConnection, organization, organizationMember, user } from "../../db/schema/index.ts";
import { brokenConnectionEmail } from "./connection-alert-text.ts";
import { connectionDisplayName, setConnectionError } from "./connection-store.ts";

type StatusExtra = Parameters<typeof setConnectionError>[3];

/** Puts the connection in error and, when this write is the breakage, e-mails owners and admins. */
export async function markConnectionBroken(
  app: App,
  connectionId: string,
  reason: string,
  extra?: StatusExtra,
) {
  if (await setConnectionError(app.db, connectionId, reason, extra)) alertBrokenConnection(app, connectionId);
}

// Sends under way, per app instance: the failing tool call does not wait for SMTP, and tests (or a
// clean stop) can wait for them with connectionAlertsSettled.
const sending = backgroundWork("connection-alerts");

/** E-mails the breakage the caller claimed (setConnectionError returned true), in the background. */
export function alertBrokenConnection(app: App, connectionId: string): void {
  connectionBroken(app, connectionId);
  sending.start(app, sendAlert(app, connectionId));
}

export async function connectionAlertsSettled(app: App): Promise<void> {
  await sending.settled(app);
}

async function sendAlert(app: App, connectionId: string) {
  const [row] = await app.db
    .select({
      organizationId: integrationConnection.organizationId,
      provider: integrationConnection.provider,
      statusReason: integrationConnection.statusReason,
      organizationName: organization.name,
      ownerUserId: integrationConnection.ownerUserId,
      externalUserId: integrationConnection.externalUserId,
      label: integrationConnection.label,
      accountLabel: integrationConnection.accountLabel,
      account: integrationConnection.account,
    })
    .from(integrationConnection)
    .innerJoin(organization, eq(organization.id, integrationConnection.organizationId))
    .where(eq(integrationConnection.id, connectionId));
  // An external user's own connection is theirs to reconnect (a new connect link), not the members'.
  if (!row || row.externalUserId) return;
  const personal = row.ownerUserId !== null;
  const recipients = await app.db
    .select({ email: user.email })
    .from(organizationMember)
    .innerJoin(user, eq(user.id, organizationMember.userId))
    .where(
      and(
        eq(organizationMember.organizationId, row.organizationId),
        row.ownerUserId
          ? eq(organizationMember.userId, row.ownerUserId)
          : inArray(organizationMember.role, ["owner", "admin"]),
      ),
    );
  for (const admin of recipients) {
    await app.mailer.send(
      brokenConnectionEmail({
        to: admin.email,
        organizationName: row.organizationName,
        organizationId: row.organizationId,
        provider: row.provider,
        reason: row.statusReason,
        baseUrl: app.config.baseUrl,
        ...(personal ? { personalAccount: connectionDisplayName({ ...row }) } : {}),
      }),
    );
  }
}
