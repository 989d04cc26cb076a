// The messages of PAYMENT_REQUIRED: each names the limit that was reached and the way up (the
// organization's billing page).
import { formatLimit, plans } from "../../lib/plans.ts";
import type { EffectivePlan } from "./effective-plan.ts";

export const billingPageUrl = (baseUrl: string, organizationId: string) =>
  `${baseUrl}/app/organization/${organizationId}/billing`;

const planName = (plan: EffectivePlan) => plans[plan.plan].name;

export function quotaRefusalMessage(baseUrl: string, plan: EffectivePlan): string {
  return `This organization has used all ${formatLimit(plan.limits.monthlyRequests)} monthly requests of its ${planName(plan)} plan until ${plan.periodEnd.toISOString().slice(0, 10)}. Upgrade the plan at ${billingPageUrl(baseUrl, plan.organizationId)} to continue.`;
}

export function seatLimitMessage(baseUrl: string, plan: EffectivePlan): string {
  const seats = plan.limits.seats ?? 0;
  return `The ${planName(plan)} plan includes ${seats} ${seats === 1 ? "seat" : "seats"} (members and pending invitations), and all are taken. Upgrade the plan at ${billingPageUrl(baseUrl, plan.organizationId)} to invite more people.`;
}

export function projectLimitMessage(baseUrl: string, plan: EffectivePlan): string {
  const projects = plan.limits.projects ?? 0;
  return `The ${planName(plan)} plan includes ${projects} ${projects === 1 ? "project" : "projects"}, and this organization has reached it. Upgrade the plan at ${billingPageUrl(baseUrl, plan.organizationId)} to create more.`;
}

export function premiumIntegrationMessage(
  baseUrl: string,
  plan: EffectivePlan,
  integrationName: string,
): string {
  return `${integrationName} is a premium integration, not included in the ${planName(plan)} plan. Upgrade the plan at ${billingPageUrl(baseUrl, plan.organizationId)} to connect it.`;
}
