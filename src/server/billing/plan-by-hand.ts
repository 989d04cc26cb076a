// Without Stripe a plan is set by hand, and only a site administrator may set it (admin.setOrganizationPlan).
// The billing page needs to know whether the person looking is one (then the page offers the change) and,
// when not, whom to ask: a Free organization on a self-hosted instance otherwise met a dead end.
import { asc, eq } from "drizzle-orm";
import type { App } from "../app-services.ts";
import { user } from "../db/schema/index.ts";

/** At most this many administrators are named; an instance with more has them listed on its admin pages. */
const NAMED_ADMINS = 5;

export async function planByHand(app: Pick<App, "db">, userId: string) {
  const admins = await app.db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.role, "admin"))
    .orderBy(asc(user.createdAt))
    .limit(NAMED_ADMINS + 1);
  const isSiteAdmin = admins.some((admin) => admin.id === userId) || (await isAdmin(app, userId));
  return {
    /** The person may change the plan right on the billing page. */
    canSetPlan: isSiteAdmin,
    /** Whom to ask otherwise (names and addresses, so a member can write to them). */
    siteAdmins: admins.slice(0, NAMED_ADMINS).map(({ name, email }) => ({ name, email })),
  };
}

async function isAdmin(app: Pick<App, "db">, userId: string): Promise<boolean> {
  const [row] = await app.db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role === "admin";
}
