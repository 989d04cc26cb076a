// An organization always keeps an owner, so a person who is the only owner of one cannot be deleted
// (by themselves or by a site admin) until they hand ownership over or delete the organization.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { Database } from "../db/client.ts";
import { organization, organizationMember } from "../db/schema/index.ts";

/** The organizations in which `userId` is the only owner, by name. */
export async function soleOwnedOrganizations(db: Database, userId: string) {
  const owned = db
    .select({ organizationId: organizationMember.organizationId })
    .from(organizationMember)
    .where(and(eq(organizationMember.userId, userId), eq(organizationMember.role, "owner")));
  return db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .innerJoin(organizationMember, eq(organizationMember.organizationId, organization.id))
    .where(and(inArray(organization.id, owned), eq(organizationMember.role, "owner")))
    .groupBy(organization.id, organization.name)
    .having(sql`count(*) = 1`)
    .orderBy(asc(organization.name));
}

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(", ");

/** Refuses (BAD_REQUEST) while the person is the last owner somewhere, naming where and the way out. */
export async function requireNoSoleOwnership(db: Database, userId: string, who: "self" | "other") {
  const organizations = await soleOwnedOrganizations(db, userId);
  if (organizations.length === 0) return;
  const names = quoted(organizations.map((o) => o.name));
  const subject = who === "self" ? "You are" : "This user is";
  const plural = organizations.length > 1;
  throw new AppError(
    "BAD_REQUEST",
    `${subject} the last owner of ${plural ? "the organizations" : "the organization"} ${names}. ` +
      `Transfer ownership to another member or delete the ${plural ? "organizations" : "organization"} first.`,
  );
}
