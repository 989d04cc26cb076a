// integrations.connections.*: an organization's provider connections (requirements §3 statuses with
// reasons): shared ones, members' personal ones (owners and admins), the connections in error (banner),
// the OAuth connect start (shared or personal), the site choice (Atlassian), rename, disconnect and
// re-check. A connection is named by `connectionId`, or by `provider` for the default shared one.
import { z } from "zod";
import { integrationIdSchema, providerIdSchema } from "../../../lib/integrations/schemas.ts";
import { connectionLabelField, idField, returnPathField } from "../../../lib/validation.ts";
import { getBrokenConnections } from "../../integrations/connections/broken-connections.ts";
import { getMyConnections } from "../../integrations/connections/my-connections.ts";
import {
  chooseConnectionSite,
  disconnect,
  getMemberConnections,
  getOrganizationConnections,
  recheckConnection,
  renameConnection,
} from "../../integrations/connections/organization-connections.ts";
import { startOAuthConnection } from "../../integrations/oauth/start-oauth.ts";
import { connectionChanged } from "../../servers/connection-changes.ts";
import { organizationProcedure, organizationQuery, protectedProcedure, router } from "../init.ts";

const addressed = z
  .object({
    organizationId: idField,
    provider: providerIdSchema.optional(),
    connectionId: idField.optional(),
  })
  .refine((input) => input.provider !== undefined || input.connectionId !== undefined, {
    message: "Name the connection (connectionId) or its provider.",
    path: ["connectionId"],
  });

export const integrationsConnectionsRouter = router({
  /** The signed-in person's own connections in each of their organizations (account page). */
  getMyConnections: protectedProcedure.query(({ ctx }) => getMyConnections(ctx.app, ctx.user.id)),
  getOrganizationConnections: organizationQuery("integrations.view", getOrganizationConnections),
  /** Members' personal connections: who connected which account (owners and admins). */
  getMemberConnections: organizationQuery("integrations.manage", getMemberConnections),
  /** The connections in error, for the overviews' banner and the nav's count. */
  getBrokenConnections: organizationQuery("integrations.view", getBrokenConnections),
  /**
   * Starts connecting: the organization's default shared connection (as before), another shared one
   * (`addAnother`), a named one again (`connectionId`), or the caller's own (`personal`, any member).
   */
  startOAuth: organizationProcedure(
    "integrations.view",
    z.object({
      organizationId: idField,
      integrationId: integrationIdSchema,
      personal: z.boolean().optional(),
      addAnother: z.boolean().optional(),
      connectionId: idField.optional(),
      returnTo: returnPathField.optional(),
    }),
  ).mutation(({ ctx, input }) => startOAuthConnection(ctx.app, ctx.user.id, input)),
  disconnect: organizationProcedure("integrations.view", addressed).mutation(async ({ ctx, input }) => {
    const result = await disconnect(ctx.app, ctx.user.id, input);
    await connectionChanged(ctx.app, input.organizationId, result.provider);
    return { revoked: result.revoked };
  }),
  rename: organizationProcedure(
    "integrations.view",
    z.object({ organizationId: idField, connectionId: idField, label: connectionLabelField }),
  ).mutation(async ({ ctx, input }) => {
    const result = await renameConnection(ctx.app, ctx.user.id, input, input.label);
    await connectionChanged(ctx.app, input.organizationId, result.provider);
    return result;
  }),
  chooseSite: organizationProcedure(
    "integrations.view",
    addressed.and(z.object({ siteId: z.string().trim().min(1).max(200) })),
  ).mutation(async ({ ctx, input }) => {
    const result = await chooseConnectionSite(ctx.app, ctx.user.id, input, input.siteId);
    await connectionChanged(ctx.app, input.organizationId, result.provider);
    return result;
  }),
  recheck: organizationProcedure("integrations.view", addressed).mutation(async ({ ctx, input }) => {
    const result = await recheckConnection(ctx.app, ctx.user.id, input);
    await connectionChanged(ctx.app, input.organizationId, result.provider);
    return result;
  }),
});
