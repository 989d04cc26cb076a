// A webhook trigger's form, shared by the app's form and the server: a name people recognise it by and
// the request the agent runs with each delivery's body as context.
import { z } from "zod";
import { agentRequestField } from "./validation.ts";

export const TRIGGER_NAME_MAX = 80;

/**
 * Any service (the URL's secret is the proof), HubSpot's webhooks (its v3 signature is checked too), or
 * new mail in the project's Outlook inbox (a Microsoft Graph subscription, agents/triggers/outlook/).
 */
export const TRIGGER_SOURCES = ["webhook", "hubspot", "outlook-mail"] as const;
export type TriggerSource = (typeof TRIGGER_SOURCES)[number];

export const triggerFormSchema = z.object({
  source: z.enum(TRIGGER_SOURCES, "Choose who calls the trigger"),
  name: z
    .string()
    .trim()
    .min(1, "Name the trigger (for example, the service that calls it)")
    .max(TRIGGER_NAME_MAX, `The name must be at most ${TRIGGER_NAME_MAX} characters`),
  request: agentRequestField,
});

/** Sources whose runs start from a provider's push notifications: no URL is shown for them. */
export const PUSH_TRIGGER_SOURCES: readonly TriggerSource[] = ["outlook-mail"];

/** The path a trigger's URL starts with; the trigger's id and its secret follow. */
export const TRIGGER_PATH_PREFIX = "/api/agent-triggers";
