import { escapeHtml } from "../mail/escape-html.ts";
import type { MailMessage } from "../mail/mailer.ts";

export function invitationEmail(input: {
  to: string;
  inviterName: string;
  organizationName: string;
  role: string;
  /** "Name (role)" of each project the invitation grants. */
  projects?: string[];
  link: string;
}): MailMessage {
  const projects = input.projects ?? [];
  const projectLine = projects.length ? `You will have access to: ${projects.join(", ")}.` : "";
  const subject = `${input.inviterName} invited you to ${input.organizationName} on Portico`;
  const text = [
    `${input.inviterName} invited you to join ${input.organizationName} on Portico as ${input.role}.`,
    ...(projectLine ? [projectLine] : []),
    "",
    `Accept or dismiss the invitation: ${input.link}`,
    "",
    "The invitation expires in 7 days. If you did not expect it, you can ignore this email.",
  ].join("\n");
  const html = `<p>${escapeHtml(input.inviterName)} invited you to join <strong>${escapeHtml(
    input.organizationName,
  )}</strong> on Portico as ${escapeHtml(input.role)}.</p>${projectLine ? `<p>${escapeHtml(projectLine)}</p>` : ""}<p><a href="${escapeHtml(
    input.link,
  )}">Accept or dismiss the invitation</a></p><p>The invitation expires in 7 days. If you did not expect it, you can ignore this email.</p>`;
  return { to: input.to, subject, text, html };
}
