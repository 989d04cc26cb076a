// The notification site admins get for a new contact message.
import { type ContactTopic, contactTopicLabels } from "../../lib/contact-topics.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import type { MailMessage } from "../mail/mailer.ts";

export function contactNotificationEmail(input: {
  to: string[];
  name: string;
  email: string;
  company: string | null;
  topic: ContactTopic;
  message: string;
  adminLink: string;
}): MailMessage {
  const topic = contactTopicLabels[input.topic];
  const from = input.company ? `${input.name} (${input.company})` : input.name;
  const subject = `Contact form: ${topic} from ${from}`;
  const text = [
    `${from} <${input.email}> wrote about "${topic}":`,
    "",
    input.message,
    "",
    `All messages: ${input.adminLink}`,
  ].join("\n");
  const html = `<p><strong>${escapeHtml(from)}</strong> &lt;${escapeHtml(input.email)}&gt; wrote about
"${escapeHtml(topic)}":</p><blockquote style="white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>
<p><a href="${escapeHtml(input.adminLink)}">All contact messages</a></p>`;
  return { to: input.to.join(", "), subject, text, html };
}
