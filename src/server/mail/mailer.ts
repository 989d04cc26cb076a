// Sends mail over SMTP when SMTP_URL is set; otherwise keeps it in the outbox table, which site admins
// read in the app, so invitations work on a fresh instance without a mail server.
import { desc } from "drizzle-orm";
import type { Transporter } from "nodemailer";
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
    // nodemailer is loaded with the first message, not with the server (~4.5 MB of JS heap, issue 46).
    let transport: Promise<Transporter> | null = null;
    return {
      usesOutbox: false,
      async send(message) {
        transport ??= import("nodemailer").then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        await (await transport).sendMail({ from, ...message });
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

/**
 * Links that act for their recipient alone (Better Auth's password reset, address verification and
 * account deletion): the outbox is read by site admins, and with a reset link an admin could take over
 * anyone's account. They are withheld from the listing; invitations and other mail are shown as sent.
 */
const PERSONAL_LINK =
  /https?:\/\/[^\s"'<>]*\/api\/auth\/(?:reset-password\/|verify-email\?|delete-user\/callback\?)[^\s"'<>]*/g;
export const WITHHELD_LINK = "[link withheld: only its recipient may open it]";

const withheld = (text: string) => text.replace(PERSONAL_LINK, WITHHELD_LINK);

/** The newest outbox mail, as site admins may read it (personal links withheld). */
export async function listOutbox(db: Database, limit = 50) {
  const rows = await db.select().from(outboxEmail).orderBy(desc(outboxEmail.createdAt)).limit(limit);
  return rows.map((row) => ({ ...row, text: withheld(row.text), html: withheld(row.html) }));
}
