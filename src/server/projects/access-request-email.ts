import type { MailMessage } from "../mail/mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** To a project's granters: who asks for access to which project, and where access is given. */
export function accessRequestEmail(input: {
  to: string;
  requesterName: string;
  requesterEmail: string;
  projectName: string;
  organizationName: string;
  link: string;
}): MailMessage {
  const who = `${input.requesterName} (${input.requesterEmail})`;
  const subject = `${input.requesterName} asks for access to ${input.projectName}`;
  const text = [
    `${who} is a member of ${input.organizationName} and asks for access to the project ${input.projectName}.`,
    "",
    `Give access on the project's settings page: ${input.link}`,
  ].join("\n");
  const html = `<p>${escapeHtml(who)} is a member of ${escapeHtml(input.organizationName)} and asks for access to the project <strong>${escapeHtml(
    input.projectName,
  )}</strong>.</p><p><a href="${escapeHtml(input.link)}">Give access on the project's settings page</a></p>`;
  return { to: input.to, subject, text, html };
}
