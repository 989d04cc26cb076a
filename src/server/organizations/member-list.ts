// The organization's members as its lists show them: each person's user id, name and e-mail beside
// what the list adds (their organization role, their project permission), ordered by name.
import { asc, eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Database } from "../db/client.ts";
import { organizationMember, user } from "../db/schema/index.ts";

/** The columns that name a person in a member list. */
export const personColumns = { userId: user.id, name: user.name, email: user.email };

/** `columns` of each member of the organization (joined with their user), ordered by name. */
export function selectOrganizationMembers<T extends SelectedFields>(
  db: Database,
  organizationId: string,
  columns: T,
): Promise<SelectResultFields<T>[]> {
  const rows = db
    .select(columns as SelectedFields)
    .from(organizationMember)
    .innerJoin(user, eq(user.id, organizationMember.userId))
    .where(eq(organizationMember.organizationId, organizationId))
    .orderBy(asc(user.name));
  // Drizzle cannot carry a generic selection through a join: the rows are its fields, none nullable
  // (an inner join), as they would be with the columns written out here.
  return rows as unknown as Promise<SelectResultFields<T>[]>;
}
