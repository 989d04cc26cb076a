// marketplace.* (requirements §7): the agents one can add to a project. With an organization, each says which
// of the integrations it needs that organization has connected.
import { z } from "zod";
import { idField } from "../../../lib/validation.ts";
import { getAgentById, getAvailableAgents } from "../../agents/marketplace.ts";
import { protectedProcedure, router } from "../init.ts";

const forOrganization = z.object({ organizationId: idField.optional() }).optional();

export const marketplaceRouter = router({
  getAvailableAgents: protectedProcedure
    .input(forOrganization)
    .query(({ ctx, input }) => getAvailableAgents(ctx.app.db, ctx.user.id, input?.organizationId)),
  getAgentById: protectedProcedure
    .input(z.object({ id: idField, organizationId: idField.optional() }))
    .query(({ ctx, input }) => getAgentById(ctx.app.db, ctx.user.id, input.id, input.organizationId)),
});
