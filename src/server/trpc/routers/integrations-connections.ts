// integrations.connections.*: an organization's provider connections (requirements §3 statuses with reasons),
// the connections in error (banner), the OAuth connect start, the site choice (Atlassian), disconnect and re-check.
import { z } from "zod";
import { integrationIdSchema, providerIdSchema } from "../../../lib/integrations/schemas.ts";
import { idField } from "../../../lib/validation.ts";
import { getBrokenConnections } from "../../integrations/connections/broken-connections.ts";
import {
  chooseConnectionSite,
  disconnect,
  getOrganizationConnections,
  recheckConnection,
} from "../../integrations/connections/organization-connections.ts";
import { startOAuthConnection } from "../../integrations/oauth/start-oauth.ts";
import { connectionChanged } from "../../servers/connection-changes.ts";
import { organizationProcedure, router } from "../init.ts";

const byProvider = z.object({ organizationId: idField, provider: providerIdSchema });

export const integrationsConnectionsRouter = router({
  getOrganizationConnections: organizationProcedure("integrations.view").query(({ ctx, input }) =>
    getOrganizationConnections(ctx.app, ctx.user.id, input.organizationId),
  ),
  /** The connections in error, for the overviews' banner and the nav's count. */
  getBrokenConnections: organizationProcedure("integrations.view").query(({ ctx, input }) =>
    getBrokenConnections(ctx.app, ctx.user.id, input.organizationId),
  ),
  startOAuth: organizationProcedure(
    "integrations.manage",
    z.object({
      organizationId: idField,
      integrationId: integrationIdSchema,
    }),
  ).mutation(({ ctx, input }) =>
    startOAuthConnection(ctx.app, ctx.user.id, input.organizationId, input.integrationId),
  ),
  disconnect: organizationProcedure("integrations.manage", byProvider).mutation(async ({ ctx, input }) => {
    const result = await disconnect(ctx.app, ctx.user.id, input.organizationId, input.provider);
    await connectionChanged(ctx.app, input.organizationId, input.provider);
    return result;
  }),
  chooseSite: organizationProcedure(
    "integrations.manage",
    byProvider.extend({ siteId: z.string().trim().min(1).max(200) }),
  ).mutation(async ({ ctx, input }) => {
    const result = await chooseConnectionSite(
      ctx.app,
      ctx.user.id,
      input.organizationId,
      input.provider,
      input.siteId,
    );
    await connectionChanged(ctx.app, input.organizationId, input.provider);
    return result;
  }),
  recheck: organizationProcedure("integrations.manage", byProvider).mutation(async ({ ctx, input }) => {
    const result = await recheckConnection(ctx.app, ctx.user.id, input.organizationId, input.provider);
    await connectionChanged(ctx.app, input.organizationId, input.provider);
    return result;
  }),
});
