// Cross-cutting platform tables: user preferences, the development mail outbox, sign-in throttling.
import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { belongsTo, createdAtColumn, idColumn, updatedAtColumn } from "./columns.ts";

export const userPreference = pgTable(
  "user_preference",
  {
    userId: belongsTo("user_id", () => user.id),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const outboxEmail = pgTable("outbox_email", {
  id: idColumn(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  createdAt: createdAtColumn(),
});

export const signInFailure = pgTable("sign_in_failure", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});
