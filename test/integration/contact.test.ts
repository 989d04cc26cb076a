// The public contact form: validation at the boundary, the honeypot, the per-sender limit, the admin
// inbox, and the notification mail that goes out only when SMTP is configured.
import { beforeAll, describe, expect, it } from "vitest";
import { CONTACT_LIMIT_PER_HOUR } from "~/server/contact/contact-messages.ts";
import { listOutbox, type MailMessage } from "~/server/mail/mailer.ts";
import { callerFor, signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { newUser } from "../support/users.ts";
import { outcome } from "./world.ts";

const app = await appForFile({ ADMIN_EMAILS: "boss@example.test" });
let admin: ReturnType<typeof callerFor>;
let member: ReturnType<typeof callerFor>;
const anonymous = () => callerFor(app);

const valid = {
  name: "Dana Analyst",
  email: "Dana@Example.test",
  company: "Acme",
  topic: "sales" as const,
  message: "We would like a demo of the HubSpot integration.",
};

beforeAll(async () => {
  // The first account becomes the site admin.
  admin = callerFor(app, await signUp(app, newUser("site-admin")));
  member = callerFor(app, await signUp(app, newUser("member")));
});

describe("contact.submit", () => {
  it("stores a valid message, visible to site admins only", async () => {
    await expect(anonymous().contact.submit(valid)).resolves.toEqual({ received: true });
    const messages = await admin.contact.listMessages();
    expect(messages[0]).toMatchObject({
      name: "Dana Analyst",
      email: "dana@example.test",
      company: "Acme",
      topic: "sales",
      message: valid.message,
      userId: null,
    });
    expect(await outcome(member.contact.listMessages())).toBe("FORBIDDEN");
    expect(await outcome(anonymous().contact.listMessages())).toBe("UNAUTHORIZED");
  });

  it("rejects bad input with field messages", async () => {
    const bad = anonymous().contact.submit({
      ...valid,
      email: "nope",
      message: "short",
      topic: "x" as "sales",
    });
    await expect(bad).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const error = await bad.catch((e: { message: string }) => e.message);
    expect(error).toContain("Enter a valid email address");
    expect(error).toContain("Message must be at least 10 characters");
    expect(error).toContain("Choose a topic");
    expect(await outcome(anonymous().contact.submit({ ...valid, message: "x".repeat(5001) }))).toBe(
      "BAD_REQUEST",
    );
  });

  it("accepts but drops a message whose honeypot is filled", async () => {
    const before = (await admin.contact.listMessages()).length;
    await expect(
      anonymous().contact.submit({ ...valid, email: "bot@example.test", website: "http://spam.example" }),
    ).resolves.toEqual({ received: true });
    expect(await admin.contact.listMessages()).toHaveLength(before);
  });

  it("limits how many messages one address sends per hour", async () => {
    const email = "busy@example.test";
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++) {
      await anonymous().contact.submit({ ...valid, email });
    }
    await expect(anonymous().contact.submit({ ...valid, email })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Please wait"),
    });
  });

  it("records the signed-in sender", async () => {
    await member.contact.submit({ ...valid, email: "member-contact@example.test" });
    const [latest] = await admin.contact.listMessages();
    expect(latest?.userId).toEqual(expect.any(String));
  });

  it("does not copy messages to the dev outbox when SMTP is not configured", async () => {
    const outbox = await listOutbox(app.db);
    expect(outbox.some((mail) => mail.subject.startsWith("Contact form"))).toBe(false);
  });

  it("mails ADMIN_EMAILS when SMTP is configured, and a mail failure does not fail the sender", async () => {
    const sent: MailMessage[] = [];
    const original = app.mailer;
    app.mailer = { usesOutbox: false, send: async (mail) => void sent.push(mail) };
    try {
      await anonymous().contact.submit({
        ...valid,
        email: "smtp@example.test",
        message: "Hello <admins> & co.",
      });
      expect(sent).toHaveLength(1);
      expect(sent[0]?.to).toBe("boss@example.test");
      expect(sent[0]?.subject).toBe("Contact form: Sales and pricing from Dana Analyst (Acme)");
      expect(sent[0]?.text).toContain("Hello <admins> & co.");
      expect(sent[0]?.html).toContain("Hello &lt;admins&gt; &amp; co.");
      expect(sent[0]?.text).toContain("http://localhost:3000/app/admin/contact");

      app.mailer = { usesOutbox: false, send: () => Promise.reject(new Error("SMTP down")) };
      await expect(
        anonymous().contact.submit({ ...valid, email: "smtp-down@example.test" }),
      ).resolves.toEqual({ received: true });
      const [latest] = await admin.contact.listMessages();
      expect(latest?.email).toBe("smtp-down@example.test");
    } finally {
      app.mailer = original;
    }
  });
});
