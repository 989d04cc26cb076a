// The mails Better Auth asks Portico to send: password reset and e-mail address confirmation.

import { escapeHtml } from "../mail/escape-html.ts";
import type { MailMessage } from "../mail/mailer.ts";

function mail(
  to: string,
  subject: string,
  lines: { intro: string; action: string; link: string; outro: string },
) {
  const text = [lines.intro, "", `${lines.action}: ${lines.link}`, "", lines.outro].join("\n");
  const html = `<p>${escapeHtml(lines.intro)}</p><p><a href="${escapeHtml(lines.link)}">${escapeHtml(
    lines.action,
  )}</a></p><p>${escapeHtml(lines.outro)}</p>`;
  return { to, subject, text, html } satisfies MailMessage;
}

export function resetPasswordEmail(to: string, link: string): MailMessage {
  return mail(to, "Reset your Portico password", {
    intro: "Someone asked to reset the password of your Portico account.",
    action: "Choose a new password",
    link,
    outro:
      "The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.",
  });
}

export function confirmEmailAddressEmail(to: string, link: string): MailMessage {
  return mail(to, "Confirm your email address for Portico", {
    intro: `Confirm that ${to} is the email address of your Portico account.`,
    action: "Confirm this email address",
    link,
    outro: "The link expires in 1 hour. If you did not expect this email, you can ignore it.",
  });
}
