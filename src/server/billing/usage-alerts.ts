// At 80 % and 100 % of the monthly requests, the organization's owners and admins get an e-mail once
// per billing period each; the billing page and the organization's pages show a banner from the same
// rows. usage_alert's primary key decides which replica sends: the one whose insert went in.
import { eq } from "drizzle-orm";
import { formatLimit, plans } from "../../lib/plans.ts";
import type { Database } from "../db/client.ts";
import { organization, organizationMember, usageAlert, user } from "../db/schema/index.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import type { Mailer } from "../mail/mailer.ts";
import { ownersAndAdminsOf } from "../organizations/access.ts";
import type { EffectivePlan } from "./effective-plan.ts";
import { billingPageUrl } from "./limit-messages.ts";

export const ALERT_PERCENTS = [80, 100] as const;

/** Reached thresholds of `used` against the plan's quota, highest first. */
export function reachedPercents(plan: EffectivePlan, used: number): number[] {
  const limit = plan.limits.monthlyRequests;
  if (limit === null) return [];
  return ALERT_PERCENTS.filter((percent) => used * 100 >= limit * percent).reverse();
}

export function createUsageAlerts(
  db: Database,
  mailer: Mailer,
  baseUrl: string,
  onError: (error: unknown) => void,
) {
  /** Alerts this process knows were sent, so a busy organization costs no query per reservation. */
  const known = new Set<string>();

  async function send(plan: EffectivePlan, percent: number) {
    const inserted = await db
      .insert(usageAlert)
      .values({ organizationId: plan.organizationId, periodStart: plan.periodStart, percent })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return;
    const [org] = await db
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, plan.organizationId));
    const admins = await db
      .select({ email: user.email })
      .from(organizationMember)
      .innerJoin(user, eq(user.id, organizationMember.userId))
      .where(ownersAndAdminsOf(plan.organizationId));
    const link = billingPageUrl(baseUrl, plan.organizationId);
    const quota = formatLimit(plan.limits.monthlyRequests);
    const subject =
      percent >= 100
        ? `${org?.name ?? "Your organization"} has used all its monthly requests on Portico`
        : `${org?.name ?? "Your organization"} has used ${percent}% of its monthly requests on Portico`;
    const text = [
      `${org?.name ?? "Your organization"} has used ${percent}% of the ${quota} monthly requests of its ${plans[plan.plan].name} plan in the period ending ${plan.periodEnd.toISOString().slice(0, 10)}.`,
      percent >= 100 ? "Tool calls are refused until the period ends or the plan is upgraded." : "",
      `Usage and plans: ${link}`,
    ]
      .filter(Boolean)
      .join("\n\n");
    for (const admin of admins) {
      await mailer.send({
        to: admin.email,
        subject,
        text,
        html: text
          .split("\n\n")
          .map((line) => `<p>${escapeHtml(line)}</p>`)
          .join(""),
      });
    }
  }

  return (plan: EffectivePlan, used: number) => {
    for (const percent of reachedPercents(plan, used)) {
      const key = `${plan.organizationId} ${plan.periodStart.getTime()} ${percent}`;
      if (known.has(key)) continue;
      known.add(key);
      send(plan, percent).catch((error) => {
        known.delete(key);
        onError(error);
      });
    }
  };
}
