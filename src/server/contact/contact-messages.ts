// Storing and listing contact-form messages. A new message notifies the site admins by mail when SMTP
// is configured; without SMTP the admin page is the inbox (the dev outbox would only duplicate it).
import { and, count, desc, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import type { contactMessageInput } from "../../lib/contact.ts";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { contactMessage } from "../db/schema/index.ts";
import { reportError } from "../observability/report-error.ts";
import { contactNotificationEmail } from "./contact-email.ts";

type ContactInput = z.output<typeof contactMessageInput>;

/** Per sender address: enough for a real conversation, too few to flood the admins' inbox. */
export const CONTACT_LIMIT_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export type SubmitOutcome = "stored" | "discarded";

export async function submitContactMessage(
  app: App,
  input: ContactInput,
  userId: string | null,
): Promise<SubmitOutcome> {
  // Bots fill the honeypot; they get the same answer as people so they learn nothing.
  if (input.website?.trim()) return "discarded";

  const since = new Date(Date.now() - HOUR_MS);
  const [recent] = await app.db
    .select({ total: count() })
    .from(contactMessage)
    .where(and(eq(contactMessage.email, input.email), gt(contactMessage.createdAt, since)));
  if ((recent?.total ?? 0) >= CONTACT_LIMIT_PER_HOUR) {
    throw new AppError(
      "BAD_REQUEST",
      "You have sent several messages in the last hour. Please wait a little before sending another.",
    );
  }

  const [row] = await app.db
    .insert(contactMessage)
    .values({
      name: input.name,
      email: input.email,
      company: input.company ?? null,
      topic: input.topic,
      message: input.message,
      userId,
    })
    .returning();

  const admins = app.config.adminEmails;
  if (row && !app.mailer.usesOutbox && admins.length > 0) {
    const mail = contactNotificationEmail({
      to: admins,
      name: row.name,
      email: row.email,
      company: row.company,
      topic: input.topic,
      message: row.message,
      adminLink: `${app.config.baseUrl}/app/admin/contact`,
    });
    // The message is stored whatever happens to the mail; a mail failure must not fail the sender.
    await app.mailer.send(mail).catch((error) => reportError(error, { where: "contact-notification" }));
  }
  return "stored";
}

export function listContactMessages(app: App, limit = 200) {
  return app.db.select().from(contactMessage).orderBy(desc(contactMessage.createdAt)).limit(limit);
}
