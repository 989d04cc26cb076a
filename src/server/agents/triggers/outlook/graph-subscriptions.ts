// Microsoft Graph's subscription calls for a "new Outlook mail" trigger, with the watched connection's
// token (refreshed once after a 401, as every Graph call is):
// - create: POST /subscriptions (subscription-post-subscriptions); Graph first POSTs a validation
//   request to notificationUrl (and lifecycleNotificationUrl) and answers 201 only once both echoed it
// - renew: PATCH /subscriptions/{id} with a new expirationDateTime (subscription-update)
// - delete: DELETE /subscriptions/{id}, 204 (subscription-delete)
// - read the new message: GET /me/messages/{id} with a $select of what the run's context shows
// https://learn.microsoft.com/graph/change-notifications-delivery-webhooks
// https://learn.microsoft.com/graph/api/resources/subscription
import { eq } from "drizzle-orm";
import { recipientText } from "../../../../integrations/_microsoft/graph.ts";
import { providers } from "../../../../lib/integrations/providers.ts";
import type { App } from "../../../app-services.ts";
import { integrationConnection } from "../../../db/schema/index.ts";
import type { ConnectionChoice } from "../../../integrations/connections/connection-choice.ts";
import { resolveConnectionAuth } from "../../../integrations/engine/connection-auth.ts";
import { networkReason, providerFetch } from "../../../integrations/outbound-fetch.ts";

/** The Inbox's messages: "created" fires once per message delivered there. */
export const INBOX_MESSAGES = "me/mailFolders('Inbox')/messages";

/**
 * Outlook messages allow at most 10,080 minutes (7 days) before a subscription must be renewed; asking
 * ten minutes less leaves room for clock skew between Portico and Graph.
 */
export const SUBSCRIPTION_MINUTES = 10_080 - 10;

export interface GraphSubscription {
  id: string;
  resource: string;
  changeType: string;
  notificationUrl: string;
  expirationDateTime: string;
}

/** Graph refused or could not be reached; `message` is the reason people read. */
export class GraphSubscriptionError extends Error {
  /** Graph's HTTP status; null when it did not answer. */
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.name = "GraphSubscriptionError";
    this.status = status;
  }
}

/** The watched connection as a choice: a member's own one, or a shared one by id. */
async function choiceFor(app: App, connectionId: string): Promise<ConnectionChoice> {
  const [row] = await app.db
    .select({ ownerUserId: integrationConnection.ownerUserId })
    .from(integrationConnection)
    .where(eq(integrationConnection.id, connectionId));
  return row?.ownerUserId
    ? { kind: "personal", ownerUserId: row.ownerUserId, purpose: "the Outlook mail trigger" }
    : { kind: "named", connectionId };
}

export interface GraphTarget {
  organizationId: string;
  connectionId: string;
}

/** One Graph call with the connection's token; a 401 refreshes the token and tries once more. */
export async function graphCall(
  app: App,
  target: GraphTarget,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const connection = await choiceFor(app, target.connectionId);
  let rejected: string | undefined;
  for (let attempt = 0; ; attempt++) {
    const auth = await resolveConnectionAuth(
      app,
      { organizationId: target.organizationId, provider: "microsoft", connection },
      rejected,
    );
    let response: Response;
    try {
      response = await providerFetch(`${auth.baseUrl}${path}`, {
        method,
        headers: {
          ...auth.headers,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new GraphSubscriptionError(
        `${providers.microsoft.name} did not answer: ${networkReason(error)}`,
        null,
      );
    }
    if (response.status !== 401 || attempt > 0 || !auth.accessToken) return response;
    rejected = auth.accessToken;
  }
}

/** Graph's error text ({ error: { code, message } }), short enough for a status line. */
async function refusal(response: Response, what: string): Promise<GraphSubscriptionError> {
  const answer = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string };
  } | null;
  const detail = answer?.error?.message ?? answer?.error?.code ?? `HTTP ${response.status}`;
  return new GraphSubscriptionError(
    `Microsoft Graph refused to ${what}: ${detail.slice(0, 300)}`,
    response.status,
  );
}

function readSubscription(answer: unknown): GraphSubscription {
  const value = answer as Partial<GraphSubscription> | null;
  if (typeof value?.id !== "string" || typeof value.expirationDateTime !== "string")
    throw new GraphSubscriptionError("Microsoft Graph answered without a subscription id", null);
  return value as GraphSubscription;
}

export const expiryFrom = (now: number) => new Date(now + SUBSCRIPTION_MINUTES * 60_000).toISOString();

export async function createGraphSubscription(
  app: App,
  target: GraphTarget,
  request: { notificationUrl: string; lifecycleNotificationUrl: string; clientState: string },
): Promise<GraphSubscription> {
  const response = await graphCall(app, target, "POST", "/subscriptions", {
    changeType: "created",
    notificationUrl: request.notificationUrl,
    lifecycleNotificationUrl: request.lifecycleNotificationUrl,
    resource: INBOX_MESSAGES,
    expirationDateTime: expiryFrom(Date.now()),
    clientState: request.clientState,
  });
  if (response.status !== 201) throw await refusal(response, "watch the Inbox");
  return readSubscription(await response.json());
}

export async function renewGraphSubscription(
  app: App,
  target: GraphTarget,
  subscriptionId: string,
): Promise<GraphSubscription> {
  const response = await graphCall(
    app,
    target,
    "PATCH",
    `/subscriptions/${encodeURIComponent(subscriptionId)}`,
    {
      expirationDateTime: expiryFrom(Date.now()),
    },
  );
  if (!response.ok) throw await refusal(response, "renew the Inbox subscription");
  return readSubscription(await response.json());
}

/** Ends the subscription; one Graph already removed (404) counts as ended. */
export async function deleteGraphSubscription(
  app: App,
  target: GraphTarget,
  subscriptionId: string,
): Promise<void> {
  const response = await graphCall(
    app,
    target,
    "DELETE",
    `/subscriptions/${encodeURIComponent(subscriptionId)}`,
  );
  await response.body?.cancel();
  if (response.status !== 204 && response.status !== 404)
    throw new GraphSubscriptionError(
      `Microsoft Graph refused to end the subscription: HTTP ${response.status}`,
      response.status,
    );
}

export interface NewMessage {
  subject: string;
  from: string;
  receivedDateTime?: string;
  bodyPreview?: string;
}

/** What the run's context names of the new message: null when Graph will not say (it may be gone). */
export async function readNewMessage(
  app: App,
  target: GraphTarget,
  messageId: string,
): Promise<NewMessage | null> {
  const response = await graphCall(
    app,
    target,
    "GET",
    `/me/messages/${encodeURIComponent(messageId)}?$select=subject,from,receivedDateTime,bodyPreview`,
  );
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  const message = (await response.json()) as {
    subject?: string;
    from?: unknown;
    receivedDateTime?: string;
    bodyPreview?: string;
  };
  return {
    subject: message.subject ?? "",
    from: recipientText(message.from),
    ...(message.receivedDateTime ? { receivedDateTime: message.receivedDateTime } : {}),
    ...(message.bodyPreview ? { bodyPreview: message.bodyPreview } : {}),
  };
}
