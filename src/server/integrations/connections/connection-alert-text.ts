// What a broken connection tells people, in the e-mail to owners and admins and in the app's banner:
// the integration, the reason in plain words (never a token: see redactSecrets) and where to reconnect.
import { catalogue } from "../../../lib/integrations/catalogue.ts";
import type { IntegrationEntry } from "../../../lib/integrations/catalogue-entry.ts";
import { providers } from "../../../lib/integrations/providers.ts";
import type { ProviderId } from "../../../lib/integrations/types.ts";
import { escapeHtml } from "../../mail/escape-html.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { redactSecrets } from "./status-reason.ts";

/** The catalogue's integrations that use the provider's connection, most popular first. */
export function integrationsOf(provider: ProviderId): IntegrationEntry[] {
  return catalogue.filter(
    (entry): entry is IntegrationEntry => entry.kind === "integration" && entry.provider === provider,
  );
}

/**
 * The organization's integrations page with the provider's editor open (requirements §2, editIntegration),
 * where its connection is reconnected.
 */
export function reconnectUrl(baseUrl: string, organizationId: string, provider: ProviderId): string {
  const url = new URL(`/app/organization/${encodeURIComponent(organizationId)}/integrations`, baseUrl);
  const first = integrationsOf(provider)[0];
  if (first) url.searchParams.set("editIntegration", first.id);
  return url.toString();
}

// Reasons are stored without tokens (status-reason.ts); older rows are hidden again when mailed or shown.
export { redactSecrets };

/** One sentence a person who never saw an OAuth error understands, ahead of the technical reason. */
export function plainReason(provider: ProviderId, reason: string | null): string {
  const name = providers[provider].name;
  const text = reason ?? "";
  if (/refresh|access expired|no token/i.test(text)) {
    return `${name} no longer accepts the access Portico was given: it was revoked or expired, or the account that granted it changed.`;
  }
  if (/credentials .*removed|OAuth app .*removed/i.test(text)) {
    return `The credentials this connection used were removed from Portico.`;
  }
  if (/did not grant|Connecting failed/i.test(text)) {
    return `Reconnecting to ${name} did not finish.`;
  }
  return `${name} refused the credentials saved in Portico.`;
}

export interface BrokenConnectionMailInput {
  to: string;
  organizationName: string;
  organizationId: string;
  provider: ProviderId;
  reason: string | null;
  baseUrl: string;
  /** A personal connection's account label: the e-mail goes to its owner, who reconnects it themselves. */
  personalAccount?: string;
}

/** Where a person reconnects their own account: the account page's Connected accounts. */
export const personalReconnectUrl = (baseUrl: string) =>
  new URL("/app/account#connected-accounts", baseUrl).toString();

function personalConnectionEmail(
  input: BrokenConnectionMailInput & { personalAccount: string },
): MailMessage {
  const name = providers[input.provider].name;
  const link = personalReconnectUrl(input.baseUrl);
  const subject = `Your ${name} account needs attention in ${input.organizationName} on Portico`;
  const intro = `Your ${name} connection (${input.personalAccount}) in ${input.organizationName} stopped working. Agents' calls that act as you with it fail until you reconnect it.`;
  const why = plainReason(input.provider, input.reason);
  const detail = input.reason ? `Details: ${redactSecrets(input.reason)}` : "";
  const action = `Reconnect your ${name} account`;
  const outro = "You receive this because the connection is yours. Portico sends it once per breakage.";
  const text = [intro, "", why, ...(detail ? [detail] : []), "", `${action}: ${link}`, "", outro].join("\n");
  const html = `<p>${escapeHtml(intro)}</p><p>${escapeHtml(why)}${
    detail ? `<br>${escapeHtml(detail)}` : ""
  }</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`;
  return { to: input.to, subject, text, html };
}

export function brokenConnectionEmail(input: BrokenConnectionMailInput): MailMessage {
  if (input.personalAccount !== undefined) {
    return personalConnectionEmail({ ...input, personalAccount: input.personalAccount });
  }
  const name = providers[input.provider].name;
  const used = integrationsOf(input.provider).map((entry) => entry.name);
  const link = reconnectUrl(input.baseUrl, input.organizationId, input.provider);
  const subject = `${name} needs attention in ${input.organizationName} on Portico`;
  const intro = `The ${name} connection of ${input.organizationName} stopped working. Agents' tools that use it (${used.join(", ")}) fail until someone reconnects it.`;
  const why = plainReason(input.provider, input.reason);
  const detail = input.reason ? `Details: ${redactSecrets(input.reason)}` : "";
  const action = `Reconnect ${name}`;
  const outro = `You receive this as an owner or admin of ${input.organizationName}. Portico sends it once per breakage.`;
  const text = [intro, "", why, ...(detail ? [detail] : []), "", `${action}: ${link}`, "", outro].join("\n");
  const html = `<p>${escapeHtml(intro)}</p><p>${escapeHtml(why)}${
    detail ? `<br>${escapeHtml(detail)}` : ""
  }</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`;
  return { to: input.to, subject, text, html };
}
