// The organization's webhook endpoints (events signed per Standard Webhooks) and their deliveries.
import { z } from "zod";
import {
  createEndpointInput,
  deliveryAttemptOutput,
  pageOutput,
  redeliverOutput,
  updateEndpointInput,
  webhookDeliveryOutput,
  webhookEndpointOutput,
} from "../../../lib/builder-webhooks/schemas.ts";
import { idField } from "../../../lib/validation.ts";
import type { App } from "../../app-services.ts";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from "../../builder-webhooks/index.ts";
import type { ManageApi, ManageEnv } from "../manage-env.ts";
import { familyOperations, json, jsonBody } from "../operation.ts";
import { PAGE_LIMIT_MAX } from "../paging.ts";
import { toWire } from "../wire.ts";

/**
 * The lib's endpoint view as the API sends it: dates as ISO strings, without the project's and
 * agent's names that it resolves for the page.
 */
const endpointSchema = webhookEndpointOutput
  .omit({ projectName: true, agentName: true })
  .extend({ createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() })
  .meta({ id: "WebhookEndpoint" });

const withSecretSchema = z
  .object({
    endpoint: endpointSchema,
    /** `whsec_…`, as Standard Webhooks libraries take it: shown this once. */
    secret: z.string(),
  })
  .meta({ id: "WebhookEndpointWithSecret" });

/** The lib's delivery view with its dates as ISO strings. */
const deliverySchema = webhookDeliveryOutput
  .extend({
    lastAttemptAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    attempts: z.array(deliveryAttemptOutput.extend({ startedAt: z.iso.datetime() })),
  })
  .meta({ id: "WebhookDelivery" });

const page = <T extends z.ZodType>(item: T, id: string) => pageOutput(item).meta({ id });
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(25),
  cursor: z.string().max(512).optional(),
});
const endpointPageSchema = page(endpointSchema, "WebhookEndpointPage");
const deliveryPageSchema = page(deliverySchema, "WebhookDeliveryPage");
const queued = redeliverOutput.meta({ id: "DeliveryQueued" });
const endpointPath = z.object({ endpointId: idField });

const webhookOperation = familyOperations("webhooks", "Webhooks");
const scopeOf = (c: { var: ManageEnv["Variables"] }) => ({ organizationId: c.var.caller.organizationId });

export function registerWebhookRoutes(api: ManageApi, app: App) {
  api.openapi(
    webhookOperation("read", {
      method: "get",
      path: "/webhooks",
      operationId: "listWebhookEndpoints",
      summary: "List the organization's webhook endpoints",
      request: { query: pageQuery },
      responses: {
        200: json(endpointPageSchema, "A page of endpoints, newest first."),
      },
    }),
    async (c) => c.json(toWire(await listEndpoints(app, scopeOf(c), c.req.valid("query"))), 200),
  );

  api.openapi(
    webhookOperation("write", {
      method: "post",
      path: "/webhooks",
      operationId: "createWebhookEndpoint",
      summary: "Add an endpoint that receives the organization's events",
      description:
        "Events: connection.connected, connection.broken, approval.requested, approval.decided, agent.run.finished. Each delivery is signed (webhook-id, webhook-timestamp, webhook-signature) and retried with backoff until the receiver answers 2xx.",
      request: { body: jsonBody(createEndpointInput.meta({ id: "WebhookEndpointCreate" })) },
      responses: { 201: json(withSecretSchema, "The endpoint and its signing secret.") },
    }),
    async (c) => c.json(toWire(await createEndpoint(app, scopeOf(c), c.req.valid("json"))), 201),
  );

  api.openapi(
    webhookOperation("read", {
      method: "get",
      path: "/webhooks/{endpointId}",
      operationId: "getWebhookEndpoint",
      summary: "A webhook endpoint",
      request: { params: endpointPath },
      responses: { 200: json(endpointSchema, "The endpoint.") },
    }),
    async (c) => c.json(toWire(await getEndpoint(app, scopeOf(c), c.req.valid("param"))), 200),
  );

  api.openapi(
    webhookOperation("write", {
      method: "patch",
      path: "/webhooks/{endpointId}",
      operationId: "updateWebhookEndpoint",
      summary: "Change an endpoint's URL, events, filters or switch",
      request: {
        params: endpointPath,
        body: jsonBody(updateEndpointInput.omit({ endpointId: true }).meta({ id: "WebhookEndpointUpdate" })),
      },
      responses: { 200: json(endpointSchema, "The endpoint as it is now.") },
    }),
    async (c) => {
      const updated = await updateEndpoint(app, scopeOf(c), {
        ...c.req.valid("json"),
        ...c.req.valid("param"),
      });
      return c.json(toWire(updated), 200);
    },
  );

  api.openapi(
    webhookOperation("write", {
      method: "delete",
      path: "/webhooks/{endpointId}",
      operationId: "deleteWebhookEndpoint",
      summary: "Delete an endpoint with its deliveries",
      request: { params: endpointPath },
      responses: { 204: { description: "Deleted." } },
    }),
    async (c) => {
      await deleteEndpoint(app, scopeOf(c), c.req.valid("param"));
      return c.body(null, 204);
    },
  );

  api.openapi(
    webhookOperation("write", {
      method: "post",
      path: "/webhooks/{endpointId}/secret",
      operationId: "rotateWebhookSecret",
      summary: "Replace an endpoint's signing secret",
      request: { params: endpointPath },
      responses: { 201: json(withSecretSchema, "The endpoint and its new secret.") },
    }),
    async (c) => c.json(toWire(await rotateSecret(app, scopeOf(c), c.req.valid("param"))), 201),
  );

  api.openapi(
    webhookOperation("write", {
      method: "post",
      path: "/webhooks/{endpointId}/test",
      operationId: "sendWebhookTestEvent",
      summary: "Send a webhook.test event to one endpoint",
      request: { params: endpointPath },
      responses: { 202: json(queued, "The delivery is queued.") },
    }),
    async (c) => c.json(await sendTestEvent(app, scopeOf(c), c.req.valid("param")), 202),
  );

  api.openapi(
    webhookOperation("read", {
      method: "get",
      path: "/webhooks/{endpointId}/deliveries",
      operationId: "listWebhookDeliveries",
      summary: "An endpoint's deliveries with each attempt's answer, newest first",
      request: { params: endpointPath, query: pageQuery },
      responses: { 200: json(deliveryPageSchema, "A page of deliveries.") },
    }),
    async (c) => {
      const deliveries = await listDeliveries(app, scopeOf(c), {
        ...c.req.valid("query"),
        ...c.req.valid("param"),
      });
      return c.json(toWire(deliveries), 200);
    },
  );

  api.openapi(
    webhookOperation("write", {
      method: "post",
      path: "/webhooks/deliveries/{deliveryId}/redeliver",
      operationId: "redeliverWebhook",
      summary: "Send a delivery again (the same event id)",
      request: { params: z.object({ deliveryId: idField }) },
      responses: { 202: json(queued, "The delivery is queued again.") },
    }),
    async (c) => c.json(await redeliver(app, scopeOf(c), c.req.valid("param")), 202),
  );
}
