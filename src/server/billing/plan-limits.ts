// The limits of requirements §9 other than requests, checked where the thing is added: seats (members and
// pending invitations) when inviting, projects when creating one, premium integrations when adding
// one to a project. Each refusal is PAYMENT_REQUIRED naming the limit and the billing page.
//
// A downgrade keeps what exists (members, projects, servers stay and keep working); only adding more
// is refused until the organization is back under the new plan's limits.
import { and, count, eq, gt } from "drizzle-orm";
import { integrations } from "../../integrations/catalogue.ts";
import { AppError } from "../../lib/errors.ts";
import { plans } from "../../lib/plans.ts";
import { isPremiumIntegration } from "../../lib/premium-integrations.ts";
import type { Database } from "../db/client.ts";
import { invitation, organization, organizationMember, project } from "../db/schema/index.ts";
import { loadEffectivePlan } from "./effective-plan.ts";
import { premiumIntegrationMessage, projectLimitMessage, seatLimitMessage } from "./limit-messages.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Members plus invitations still pending: both hold a seat. */
export async function seatsUsed(db: Database | Tx, organizationId: string): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(organizationMember)
    .where(eq(organizationMember.organizationId, organizationId));
  const [pending] = await db
    .select({ n: count() })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, organizationId),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, new Date()),
      ),
    );
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

export async function projectsUsed(db: Database | Tx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(project)
    .where(eq(project.organizationId, organizationId));
  return row?.n ?? 0;
}

/**
 * Runs `add` in a transaction that holds the organization's row, so two concurrent additions cannot
 * both see the last free seat or project.
 */
async function withOrganizationLocked<T>(db: Database, organizationId: string, add: (tx: Tx) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: organization.id })
      .from(organization)
      .where(eq(organization.id, organizationId))
      .for("update");
    return add(tx);
  });
}

/** The limits counted against what the organization already has, with what counts and the refusal. */
const countedLimits = {
  seats: { used: seatsUsed, message: seatLimitMessage },
  projects: { used: projectsUsed, message: projectLimitMessage },
} as const;

/**
 * A function that runs `add` with the organization locked, once what it has is under its plan's
 * `limit`; otherwise PAYMENT_REQUIRED.
 */
const withRoomFor =
  (limit: keyof typeof countedLimits) =>
  <T>(db: Database, baseUrl: string, organizationId: string, add: (tx: Tx) => Promise<T>): Promise<T> => {
    const { used, message } = countedLimits[limit];
    return withOrganizationLocked(db, organizationId, async (tx) => {
      const plan = await loadEffectivePlan(tx, organizationId);
      const max = plan.limits[limit];
      if (max !== null && (await used(tx, organizationId)) >= max) {
        throw new AppError("PAYMENT_REQUIRED", message(baseUrl, plan));
      }
      return add(tx);
    });
  };

export const withSeatAvailable = withRoomFor("seats");
export const withProjectAvailable = withRoomFor("projects");

export async function requirePremiumAllowed(
  db: Database,
  baseUrl: string,
  projectId: string,
  integrationId: string,
) {
  if (!isPremiumIntegration(integrationId)) return;
  const [row] = await db
    .select({ organizationId: project.organizationId })
    .from(project)
    .where(eq(project.id, projectId));
  if (!row) return; // the caller's own access check answers NOT_FOUND
  const plan = await loadEffectivePlan(db, row.organizationId);
  if (plans[plan.plan].premiumTools) return;
  const name = integrations.find((entry) => entry.id === integrationId)?.name ?? integrationId;
  throw new AppError("PAYMENT_REQUIRED", premiumIntegrationMessage(baseUrl, plan, name));
}
