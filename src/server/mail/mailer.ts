// Sends mail over SMTP when SMTP_URL is set; otherwise keeps it in the outbox table, which site admins
// read in the app, so invitations work on a fresh instance without a mail server.
import { desc } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../db/client.ts";
import { outboxEmail } from "../db/schema/index.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly usesOutbox: boolean;
  send(message: MailMessage): Promise<void>;
}

export function createMailer(db: Database, smtpUrl: string | undefined, from: string): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      usesOutbox: false,
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  return {
    usesOutbox: true,
    async send(message) {
      await db.insert(outboxEmail).values(message);
    },
  };
}

export async function listOutbox(db: Database, limit = 50) {
  return db.select().from(outboxEmail).orderBy(desc(outboxEmail.createdAt)).limit(limit);
}
