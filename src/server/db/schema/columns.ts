// Column definitions that recur across the schema's tables: the random text id, the creation and update
// times, and the required foreign key whose row goes with the row it belongs to.
import { type AnyPgColumn, text, timestamp } from "drizzle-orm/pg-core";

/** A text primary key, a random UUID unless the insert gives one. */
export const idColumn = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Set to now on insert only: the code that updates a row sets it. */
export const updatedAtColumn = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
export const belongsTo = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  text(name).notNull().references(target, { onDelete: "cascade" });
