// The webhook endpoints' and deliveries' shapes: validated by the server's service functions (and so by
// the management API's routes, which describe themselves with these same schemas) and by the page's form.
import { z } from "zod";
import { DEFAULT_INVALID_MESSAGE, idField } from "../validation.ts";
import { webhookEventTypeIds } from "./event-types.ts";

export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_URL_MAX = 2048;

export const webhookUrlField = z
  .string()
  .trim()
  .min(1, "Enter the URL that receives the events")
  .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), "Enter an http or https URL");

export const webhookEventTypesField = z
  .array(z.enum(webhookEventTypeIds, { message: "Unknown event type" }))
  .min(1, "Choose at least one event")
  .max(webhookEventTypeIds.length, DEFAULT_INVALID_MESSAGE)
  .transform((types) => [...new Set(types)]);

const optionalId = idField.nullish().transform((value) => value ?? null);

export const createEndpointInput = z.object({
  url: webhookUrlField,
  description: z
    .string()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, `At most ${WEBHOOK_DESCRIPTION_MAX} characters`)
    .default(""),
  eventTypes: webhookEventTypesField,
  /** Only events of this project (null: every project of the organization). */
  projectId: optionalId,
  /** Only this agent's runs (null: every agent); its project becomes the project filter. */
  agentId: optionalId,
  enabled: z.boolean().default(true),
});
export type CreateEndpointInput = z.input<typeof createEndpointInput>;

export const updateEndpointInput = z.object({
  endpointId: idField,
  url: webhookUrlField.optional(),
  description: createEndpointInput.shape.description.unwrap().optional(),
  eventTypes: webhookEventTypesField.optional(),
  projectId: idField.nullable().optional(),
  agentId: idField.nullable().optional(),
  enabled: z.boolean().optional(),
});
export type UpdateEndpointInput = z.input<typeof updateEndpointInput>;

export const endpointIdInput = z.object({ endpointId: idField });

export const pageInput = z.object({
  cursor: z.string().max(512).nullish(),
  limit: z.number().int().min(1).max(100).default(25),
});

export const listEndpointsInput = pageInput;
export const listDeliveriesInput = pageInput.extend({ endpointId: idField });
export const redeliverInput = z.object({ deliveryId: idField });

export const webhookEndpointOutput = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(webhookEventTypeIds)),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type WebhookEndpointView = z.output<typeof webhookEndpointOutput>;

/** Creating an endpoint or rotating its secret: the only answers that carry the secret. */
export const endpointWithSecretOutput = z.object({
  endpoint: webhookEndpointOutput,
  /** `whsec_` and base64, as Standard Webhooks libraries take it; shown once. */
  secret: z.string(),
});

export const deliveryAttemptOutput = z.object({
  number: z.number().int(),
  startedAt: z.date(),
  durationMs: z.number().int(),
  responseStatus: z.number().int().nullable(),
  /** The receiver's first bytes (up to 2 KB). */
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliveryOutput = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(["pending", "retrying", "succeeded", "failed"]),
  attemptCount: z.number().int(),
  lastAttemptAt: z.date().nullable(),
  createdAt: z.date(),
  attempts: z.array(deliveryAttemptOutput),
});
export type WebhookDeliveryView = z.output<typeof webhookDeliveryOutput>;

export const pageOutput = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const listEndpointsOutput = pageOutput(webhookEndpointOutput);
export const listDeliveriesOutput = pageOutput(webhookDeliveryOutput);
export const deleteEndpointOutput = z.object({ id: z.string(), deleted: z.literal(true) });
export const redeliverOutput = z.object({ deliveryId: z.string(), status: z.literal("pending") });
