// The fake Graph's change-notification subscriptions, from Microsoft's reference:
// - POST /subscriptions (subscription-post-subscriptions): changeType, notificationUrl, resource and
//   expirationDateTime required; clientState at most 128 characters; Outlook messages at most 10,080
//   minutes ahead. Before answering 201, Graph POSTs `?validationToken=<url-encoded token>` (Content-Type
//   text/plain) to notificationUrl and lifecycleNotificationUrl and wants, within 10 s, 200 text/plain
//   with the decoded token; otherwise 400 ValidationError and no subscription.
// - PATCH /subscriptions/{id} with expirationDateTime (subscription-update), 200 with the subscription
// - DELETE /subscriptions/{id} (subscription-delete), 204; an unknown id is 404 ResourceNotFound
// - what Graph later POSTs: a changeNotificationCollection for a new message (change-notifications-
//   delivery-webhooks, changenotification resource) and lifecycle events (webhooks-lifecycle).
// `deliver` sends Graph's own requests; tests point it at the app in-process.
import { randomUUID } from "node:crypto";
import { json } from "../http-fake.ts";
import { type GraphRequest, graphError, type Handled, NOT_MINE } from "./state.ts";
import type { Deliver, FakeSubscription, FakeSubscriptions } from "./subscription-records.ts";

export const MAX_MESSAGE_SUBSCRIPTION_MINUTES = 10_080;
const VALIDATION_TIMEOUT_MS = 10_000;
const MESSAGE_RESOURCES = [/^\/?me\/mailFolders\('inbox'\)\/messages$/i, /^\/?me\/messages$/i];
const CHANGE_TYPES = new Set(["created", "updated", "deleted"]);

const subscriptionResource = (subscription: FakeSubscription) => ({
  "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#subscriptions/$entity",
  id: subscription.id,
  resource: subscription.resource,
  applicationId: "24d3b144-21ae-4080-943f-7067b395b913",
  changeType: subscription.changeType,
  clientState: subscription.clientState,
  notificationUrl: subscription.notificationUrl,
  notificationQueryOptions: null,
  lifecycleNotificationUrl: subscription.lifecycleNotificationUrl,
  expirationDateTime: subscription.expirationDateTime,
  creatorId: "87d349ed-44d7-43e1-9a83-5f2406dee5bd",
  includeResourceData: null,
  latestSupportedTlsVersion: "v1_2",
  encryptionCertificate: null,
  encryptionCertificateId: null,
  notificationUrlAppId: null,
});

/** The expiry's problem, if any: not a date, in the past, or beyond the resource's maximum. */
function expiryProblem(value: unknown): string | null {
  const at = typeof value === "string" ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return "expirationDateTime is required and must be a date-time.";
  if (at <= Date.now()) return "Subscription expiration can only be in the future.";
  if (at - Date.now() > MAX_MESSAGE_SUBSCRIPTION_MINUTES * 60_000)
    return `Subscription expiration can only be ${MAX_MESSAGE_SUBSCRIPTION_MINUTES} minutes in the future.`;
  return null;
}

/** Graph's validation request: the URL must echo the token within 10 s as 200 text/plain. */
async function validates(deliver: Deliver, url: string): Promise<boolean> {
  const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
  const target = new URL(url);
  target.searchParams.set("validationToken", token);
  try {
    const response = await deliver(target.toString(), {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-8" },
      signal: AbortSignal.timeout(VALIDATION_TIMEOUT_MS),
    });
    const body = await response.text();
    return (
      response.status === 200 &&
      /^text\/plain/.test(response.headers.get("content-type") ?? "") &&
      body === token
    );
  } catch {
    return false;
  }
}

export function handleSubscriptions(graph: GraphRequest): Handled {
  const { fake, segments, body, response, request } = graph;
  if (segments[0] !== "subscriptions") return NOT_MINE;
  const id = segments[1];
  const found = id ? fake.subscriptions.find((each) => each.id === id) : undefined;
  if (id && !found && request.method !== "POST")
    return graphError(response, 404, "ResourceNotFound", `The object was not found. Subscription '${id}'.`);

  if (graph.is("POST", /^\/subscriptions$/)) {
    if (!graph.wantsJson()) return;
    const problem =
      typeof body.changeType !== "string" ||
      !body.changeType.split(",").every((type: string) => CHANGE_TYPES.has(type.trim()))
        ? "changeType must be created, updated or deleted (comma-separated)."
        : typeof body.resource !== "string" ||
            !MESSAGE_RESOURCES.some((pattern) => pattern.test(body.resource))
          ? "This fake serves subscriptions to Outlook messages only."
          : typeof body.notificationUrl !== "string" ||
              !URL.canParse(body.notificationUrl) ||
              (fake.requireHttps && !body.notificationUrl.startsWith("https://"))
            ? "The notificationUrl must be an https URL."
            : body.clientState !== undefined &&
                (typeof body.clientState !== "string" || body.clientState.length > 128)
              ? "clientState must be a string of at most 128 characters."
              : expiryProblem(body.expirationDateTime);
    if (problem) return graphError(response, 400, "InvalidRequest", problem);
    const urls = [
      body.notificationUrl as string,
      ...(body.lifecycleNotificationUrl ? [body.lifecycleNotificationUrl] : []),
    ];
    return void (async () => {
      for (const url of urls) {
        if (!(await validates(fake.deliver, url)))
          return graphError(
            response,
            400,
            "ValidationError",
            "Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.",
          );
      }
      const made: FakeSubscription = {
        id: randomUUID(),
        resource: body.resource,
        changeType: body.changeType,
        clientState: body.clientState ?? null,
        notificationUrl: body.notificationUrl,
        lifecycleNotificationUrl: body.lifecycleNotificationUrl ?? null,
        expirationDateTime: new Date(Date.parse(body.expirationDateTime)).toISOString(),
        creatorToken: graph.token,
      };
      fake.subscriptions.push(made);
      json(response, 201, subscriptionResource(made));
    })();
  }
  if (found && graph.is("PATCH", /^\/subscriptions\/[^/]+$/)) {
    if (!graph.wantsJson()) return;
    const problem = expiryProblem(body.expirationDateTime);
    if (problem) return graphError(response, 400, "InvalidRequest", problem);
    found.expirationDateTime = new Date(Date.parse(body.expirationDateTime)).toISOString();
    return json(response, 200, subscriptionResource(found));
  }
  if (found && graph.is("DELETE", /^\/subscriptions\/[^/]+$/)) {
    fake.subscriptions.splice(fake.subscriptions.indexOf(found), 1);
    response.writeHead(204);
    return void response.end();
  }
  if (found && graph.is("GET", /^\/subscriptions\/[^/]+$/))
    return json(response, 200, subscriptionResource(found));
  return NOT_MINE;
}

const TENANT = "84bd8158-6d4d-4958-8b9f-9d6445542f95";
const USER = "87d349ed-44d7-43e1-9a83-5f2406dee5bd";

/** Graph's change notification for a message created in the subscribed folder. */
export function newMessageNotification(
  subscription: FakeSubscription,
  messageId: string,
  clientState?: string,
) {
  return {
    value: [
      {
        id: `lsgTZMr9KwAAA${messageId.slice(-6)}`,
        subscriptionId: subscription.id,
        subscriptionExpirationDateTime: subscription.expirationDateTime,
        clientState: clientState ?? subscription.clientState,
        changeType: "created",
        resource: `Users/${USER}/Messages/${messageId}`,
        tenantId: TENANT,
        resourceData: {
          "@odata.type": "#Microsoft.Graph.Message",
          "@odata.id": `Users/${USER}/Messages/${messageId}`,
          "@odata.etag": 'W/"CQAAABYAAADkrWGo7bouTKlsgTZMr9KwAAAUWRHf"',
          id: messageId,
        },
      },
    ],
  };
}

/** A lifecycle event (webhooks-lifecycle): reauthorizationRequired, subscriptionRemoved or missed. */
export function lifecycleNotification(
  subscription: FakeSubscription,
  lifecycleEvent: string,
  clientState?: string,
) {
  return {
    value: [
      {
        subscriptionId: subscription.id,
        subscriptionExpirationDateTime: subscription.expirationDateTime,
        tenantId: TENANT,
        clientState: clientState ?? subscription.clientState,
        lifecycleEvent,
      },
    ],
  };
}

/** Graph POSTing a notification collection to a subscription's URL, as JSON. */
export const sendNotification = (fake: FakeSubscriptions, url: string, payload: unknown) =>
  fake.deliver(url, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify(payload),
  });
