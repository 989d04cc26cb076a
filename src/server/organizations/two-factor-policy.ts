// The organization policy "Require two-factor authentication": while it is on, a member without
// two-factor sign-in is refused every organization- and project-scoped procedure (trpc/init.ts calls
// requireTwoFactorWhereRequired right after the membership check) and the pages show why. Only people
// are held to it: the MCP gateway's API keys and OAuth tokens are machine credentials (ARCHITECTURE.md).
import { and, count, eq } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { organization, organizationMember, user } from "../db/schema/index.ts";
import { ORGANIZATION_NOT_FOUND, requireOrganizationAction } from "./access.ts";

export const twoFactorRequiredMessage = (organizationName: string) =>
  `${organizationName} requires two-factor authentication`;

export const OWNER_NEEDS_TWO_FACTOR =
  "Turn on two-factor authentication for your own account first, so you are not locked out yourself.";

/** FORBIDDEN with the organization's name, which the pages read to show the setup screen. */
export class TwoFactorRequiredError extends AppError {
  readonly organizationName: string;
  constructor(organizationName: string) {
    super("FORBIDDEN", twoFactorRequiredMessage(organizationName));
    this.organizationName = organizationName;
  }
}

interface Person {
  id: string;
  twoFactorEnabled: boolean;
}

/** Refuses a member without two-factor sign-in when the organization requires it; free for those with it. */
export async function requireTwoFactorWhereRequired(db: Database, person: Person, organizationId: string) {
  if (person.twoFactorEnabled) return;
  const [row] = await db
    .select({ name: organization.name, required: organization.requiresTwoFactor })
    .from(organization)
    .where(eq(organization.id, organizationId));
  if (row?.required) throw new TwoFactorRequiredError(row.name);
}

/** The policy and how many members would be locked out by it, for the settings page. */
export async function getTwoFactorPolicy(db: Database, organizationId: string) {
  const [[row], [without]] = await Promise.all([
    db
      .select({ required: organization.requiresTwoFactor })
      .from(organization)
      .where(eq(organization.id, organizationId)),
    db
      .select({ total: count() })
      .from(organizationMember)
      .innerJoin(user, eq(user.id, organizationMember.userId))
      .where(and(eq(organizationMember.organizationId, organizationId), eq(user.twoFactorEnabled, false))),
  ]);
  if (!row) throw new AppError("NOT_FOUND", ORGANIZATION_NOT_FOUND);
  return { required: row.required, membersWithoutTwoFactor: without?.total ?? 0 };
}

/** Owners only; turning it on needs the owner's own two-factor sign-in, turning it off never does. */
export async function setTwoFactorRequired(
  db: Database,
  actor: Person,
  organizationId: string,
  required: boolean,
) {
  await requireOrganizationAction(db, actor.id, organizationId, "organization.requireTwoFactor");
  if (required && !actor.twoFactorEnabled) throw new AppError("BAD_REQUEST", OWNER_NEEDS_TWO_FACTOR);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: organization.name, required: organization.requiresTwoFactor })
      .from(organization)
      .where(eq(organization.id, organizationId))
      .for("update");
    if (!before || before.required === required) return;
    await tx
      .update(organization)
      .set({ requiresTwoFactor: required, updatedAt: new Date() })
      .where(eq(organization.id, organizationId));
    await recordAuditEvent(tx, {
      organizationId,
      action: "organization.settings_changed",
      actorId: actor.id,
      target: { type: "organization", id: organizationId, label: before.name },
      details: { setting: "requires_two_factor", from: before.required, to: required },
    });
  });
  return getTwoFactorPolicy(db, organizationId);
}
