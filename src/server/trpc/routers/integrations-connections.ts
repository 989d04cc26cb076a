// integrations.connections.*: an organization's provider connections (SPEC §3 statuses with reasons),
// the OAuth connect start, disconnect and re-check.
import { z } from "zod";
import { integrationIdSchema, providerIdSchema } from "../../../lib/integrations/schemas.ts";
import { idField } from "../../../lib/validation.ts";
import {
  disconnect,
  getOrganizationConnections,
  recheckConnection,
} from "../../integrations/connections/organization-connections.ts";
import { startOAuthConnection } from "../../integrations/oauth/start-oauth.ts";
import { protectedProcedure, router } from "../init.ts";

const byProvider = z.object({ organizationId: idField, provider: providerIdSchema });

export const integrationsConnectionsRouter = router({
  getOrganizationConnections: protectedProcedure
    .input(z.object({ organizationId: idField }))
    .query(({ ctx, input }) => getOrganizationConnections(ctx.app, ctx.user.id, input.organizationId)),
  startOAuth: protectedProcedure
    .input(
      z.object({
        organizationId: idField,
        integrationId: integrationIdSchema,
      }),
    )
    .mutation(({ ctx, input }) =>
      startOAuthConnection(ctx.app, ctx.user.id, input.organizationId, input.integrationId),
    ),
  disconnect: protectedProcedure
    .input(byProvider)
    .mutation(({ ctx, input }) => disconnect(ctx.app, ctx.user.id, input.organizationId, input.provider)),
  recheck: protectedProcedure
    .input(byProvider)
    .mutation(({ ctx, input }) =>
      recheckConnection(ctx.app, ctx.user.id, input.organizationId, input.provider),
    ),
});
