// Messages sent through the public contact form; site admins read them at /app/admin/contact.
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAtColumn, idColumn } from "./columns.ts";

export const contactMessage = pgTable(
  "contact_message",
  {
    id: idColumn(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    /** The signed-in sender, if any; kept when the account is deleted so the message survives. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("contact_message_created_at_idx").on(t.createdAt),
    index("contact_message_email_idx").on(t.email),
  ],
);
