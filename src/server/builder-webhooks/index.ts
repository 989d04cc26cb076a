// The webhook service for the page's tRPC router and the management API: each function takes
// `(app, { organizationId }, input)`, validates `input` with the zod schema exported beside it, and pages
// listings as `{ items, nextCursor }`.
export {
  createEndpointInput,
  deleteEndpointOutput,
  endpointIdInput,
  endpointWithSecretOutput,
  listDeliveriesInput,
  listDeliveriesOutput,
  listEndpointsInput,
  listEndpointsOutput,
  redeliverInput,
  redeliverOutput,
  updateEndpointInput,
  webhookDeliveryOutput,
  webhookEndpointOutput,
} from "../../lib/builder-webhooks/schemas.ts";
export { listDeliveries, redeliver, sendTestEvent } from "./deliveries.ts";
export {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
  type WebhookScope,
} from "./endpoints.ts";
