// webhooks.*: an organization's webhook endpoints and their deliveries (builder-webhooks/), owners and
// admins only. The inputs are the service's own schemas with the organization beside them.
import { idField } from "../../../lib/validation.ts";
import { webhookFilterOptions } from "../../builder-webhooks/filter-options.ts";
import {
  createEndpoint,
  createEndpointInput,
  deleteEndpoint,
  endpointIdInput,
  getEndpoint,
  listDeliveries,
  listDeliveriesInput,
  listEndpoints,
  listEndpointsInput,
  redeliver,
  redeliverInput,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
  updateEndpointInput,
} from "../../builder-webhooks/index.ts";
import { organizationProcedure, router } from "../init.ts";
import { byOrganization } from "../inputs.ts";

const organization = { organizationId: idField };
const scopeOf = (ctx: { user: { id: string } }, input: { organizationId: string }) => ({
  organizationId: input.organizationId,
  actorUserId: ctx.user.id,
});
const withoutOrganization = <T extends { organizationId: string }>({ organizationId: _, ...rest }: T) => rest;

export const webhooksRouter = router({
  listEndpoints: organizationProcedure("webhooks.manage", listEndpointsInput.extend(organization)).query(
    ({ ctx, input }) => listEndpoints(ctx.app, scopeOf(ctx, input), withoutOrganization(input)),
  ),
  getEndpoint: organizationProcedure("webhooks.manage", endpointIdInput.extend(organization)).query(
    ({ ctx, input }) => getEndpoint(ctx.app, scopeOf(ctx, input), withoutOrganization(input)),
  ),
  filterOptions: organizationProcedure("webhooks.manage", byOrganization).query(({ ctx, input }) =>
    webhookFilterOptions(ctx.app, scopeOf(ctx, input)),
  ),
  createEndpoint: organizationProcedure("webhooks.manage", createEndpointInput.extend(organization)).mutation(
    ({ ctx, input }) => createEndpoint(ctx.app, scopeOf(ctx, input), withoutOrganization(input)),
  ),
  updateEndpoint: organizationProcedure("webhooks.manage", updateEndpointInput.extend(organization)).mutation(
    ({ ctx, input }) => updateEndpoint(ctx.app, scopeOf(ctx, input), withoutOrganization(input)),
  ),
  deleteEndpoint: organizationProcedure("webhooks.manage", endpointIdInput.extend(organization)).mutation(
    ({ ctx, input }) => deleteEndpoint(ctx.app, scopeOf(ctx, input), withoutOrganization(input)),
  ),
  rotateSecret: organizationProcedure("webhooks.manage", endpointIdInput.extend(organization)).mutation(
    ({ ctx, input }) => rotateSecret(ctx.app, scopeOf(ctx, input), withoutOrganization(input)),
  ),
  sendTestEvent: organizationProcedure("webhooks.manage", endpointIdInput.extend(organization)).mutation(
    ({ ctx, input }) => sendTestEvent(ctx.app, scopeOf(ctx, input), withoutOrganization(input)),
  ),
  listDeliveries: organizationProcedure("webhooks.manage", listDeliveriesInput.extend(organization)).query(
    ({ ctx, input }) => listDeliveries(ctx.app, scopeOf(ctx, input), withoutOrganization(input)),
  ),
  redeliver: organizationProcedure("webhooks.manage", redeliverInput.extend(organization)).mutation(
    ({ ctx, input }) => redeliver(ctx.app, scopeOf(ctx, input), withoutOrganization(input)),
  ),
});
