// A mail server on loopback for tests that need a mail's text, with `smtp-server` (Nodemailer's own
// receiving server): Portico is pointed at it with SMTP_URL and sends as it would in production, and the
// test reads what arrived. Personal links (password reset) are withheld from the admin's outbox, so a
// test that follows one reads it here, as its recipient would.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpFake {
  /** SMTP_URL for the server under test. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpFake(): Promise<SmtpFake> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
