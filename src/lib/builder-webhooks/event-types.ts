// The events a builder's webhook endpoint can subscribe to, with the words the page shows. Plain data,
// safe for browsers; the server emits them from where each happens (server/builder-webhooks/emit.ts).

export const webhookEventTypes = {
  "connection.connected": "A connection was made or repaired",
  "connection.broken": "A connection stopped working",
  "approval.requested": "A tool call is waiting for approval",
  "approval.decided": "A held tool call was approved, denied or expired",
  "agent.run.finished": "An agent run ended, with its answer",
} as const;

export type WebhookEventType = keyof typeof webhookEventTypes;
export const webhookEventTypeIds = Object.keys(webhookEventTypes) as [
  WebhookEventType,
  ...WebhookEventType[],
];

/** What "Send test event" sends: not subscribable, delivered only to the endpoint it was sent to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
