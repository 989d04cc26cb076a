// The token's organization (read) and its usage in the current billing period.
import { z } from "zod";
import type { App } from "../../app-services.ts";
import { getBillingOverview } from "../../billing/billing-overview.ts";
import { getOrganizationDetail } from "../../organizations/organizations.ts";
import type { ManageApi } from "../manage-env.ts";
import { familyOperations, json } from "../operation.ts";

const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    memberCount: z.number().int(),
    projectCount: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Organization" });

const limit = z.number().int().nullable().meta({ description: "null: no limit on this plan." });
const usageSchema = z
  .object({
    plan: z.string(),
    periodStart: z.iso.datetime(),
    periodEnd: z.iso.datetime(),
    limits: z.object({ monthlyRequests: limit, seats: limit, projects: limit }),
    /** Tool calls this period (every channel), seats and projects now. */
    usage: z.object({ requests: z.number().int(), seats: z.number().int(), projects: z.number().int() }),
  })
  .meta({ id: "Usage" });

const organizationOperation = familyOperations("organization", "Organization");
const usageOperation = familyOperations("usage", "Organization");

export function registerOrganizationRoutes(api: ManageApi, app: App) {
  api.openapi(
    organizationOperation("read", {
      method: "get",
      path: "/organization",
      operationId: "getOrganization",
      summary: "The token's organization",
      responses: { 200: json(organizationSchema, "The organization.") },
    }),
    async (c) => {
      const { caller } = c.var;
      const detail = await getOrganizationDetail(app.db, caller.createdByUserId, caller.organizationId);
      return c.json(
        {
          id: detail.id,
          name: detail.name,
          memberCount: detail.memberCount,
          projectCount: detail.projectCount,
          createdAt: detail.createdAt.toISOString(),
        },
        200,
      );
    },
  );

  api.openapi(
    usageOperation("read", {
      method: "get",
      path: "/usage",
      operationId: "getUsage",
      summary: "Usage against the plan's limits in the current period",
      responses: { 200: json(usageSchema, "This period's usage.") },
    }),
    async (c) => {
      const { caller } = c.var;
      const overview = await getBillingOverview(app, caller.createdByUserId, caller.organizationId);
      return c.json(
        {
          plan: overview.plan,
          periodStart: overview.periodStart.toISOString(),
          periodEnd: overview.periodEnd.toISOString(),
          limits: overview.limits,
          usage: overview.usage,
        },
        200,
      );
    },
  );
}
