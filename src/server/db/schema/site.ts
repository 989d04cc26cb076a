// Site-wide facts decided once. The first administrator is claimed by inserting the one row this table
// can hold: concurrent sign-ups on an empty instance race on its primary key, and exactly one wins.
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const firstAdministrator = pgTable("first_administrator", {
  /** Always 1: the table holds at most one row. */
  id: integer("id").primaryKey().default(1),
  email: text("email").notNull(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
});
