// An organization always keeps an owner, so a person who is the only owner of one cannot be deleted
// (by themselves or by a site admin) until they hand ownership over or delete the organization.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { Database } from "../db/client.ts";
import { organization, organizationMember } from "../db/schema/index.ts";
import { lockOrganizations } from "../organizations/members.ts";

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

/**
 * Just before an account is deleted: under the membership lock of every organization the person belongs
 * to (the lock leaving, removal and demotion take), refuses while they are the last owner somewhere, and
 * otherwise removes their memberships in the same transaction. Checking without the lock let an owner
 * leave between the check and the deletion, and the two together left an organization without an owner;
 * once the memberships are gone, a concurrent leave counts the owners that really remain.
 */
export async function leaveOrganizationsBeforeDeletion(db: Database, userId: string, who: "self" | "other") {
  await db.transaction(async (tx) => {
    const memberships = tx
      .select({ organizationId: organizationMember.organizationId })
      .from(organizationMember)
      .where(eq(organizationMember.userId, userId));
    await lockOrganizations(tx, inArray(organization.id, memberships));
    await requireNoSoleOwnership(tx, userId, who);
    // Project grants go with the user row itself (foreign key cascade).
    await tx.delete(organizationMember).where(eq(organizationMember.userId, userId));
  });
}
