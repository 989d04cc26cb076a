// POST /api/agent-push/outlook/<trigger id>[/lifecycle]: Microsoft Graph calling a "new Outlook mail"
// trigger, as https://learn.microsoft.com/graph/change-notifications-delivery-webhooks documents:
// - `?validationToken=…` (when subscribing): 200 text/plain with the URL-decoded token, at once.
// - a changeNotificationCollection ({ value: [...] }): each item must carry this trigger's subscription
//   id and the clientState given to Graph (its hash compared in constant time); none valid → 401, no
//   run. Valid "created" items are taken once per message id (a redelivery starts nothing more) and
//   answered 202 before any run starts: Graph wants an answer within 3 seconds, and reading the message
//   and starting its run happen after. Each message starts one run with the message as context.
// - lifecycle events (reauthorizationRequired, subscriptionRemoved, missed) at …/lifecycle, checked
//   the same way: renew now, subscribe again, or nothing (missed mail cannot be replayed by Graph).
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { App } from "../../../app-services.ts";
import {
  agentMailSubscription,
  agentTrigger,
  agentTriggerDelivery,
  project,
} from "../../../db/schema/index.ts";
import { CLOSE_CONNECTION, readCappedBody } from "../../../http/read-capped-body.ts";
import { reportError } from "../../../observability/report-error.ts";
import { startTriggeredRun } from "../start-triggered-run.ts";
import { triggerSecretMatches } from "../trigger-secret.ts";
import { type GraphTarget, readNewMessage } from "./graph-subscriptions.ts";
import { OUTLOOK_PUSH_PREFIX, renewTriggerSubscription, resubscribe } from "./outlook-subscription.ts";

/** Graph batches notifications; a batch is small, and the cap keeps a flood from being buffered. */
const MAX_PUSH_BODY_BYTES = 1024 * 1024;
const MAX_VALIDATION_TOKEN = 4096;

export const PUSH_REFUSED =
  "No notification in this request carries this trigger's subscription and clientState.";

export const isOutlookPushPath = (pathname: string) => pathname.startsWith(`${OUTLOOK_PUSH_PREFIX}/`);

const answer = (status: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  Response.json(body, { status, headers });

// Work started after the 202, per app, so tests and shutdown can wait for it.
const pendingByApp = new WeakMap<App, Set<Promise<void>>>();

function inBackground(app: App, work: () => Promise<void>, where: string) {
  const pending = pendingByApp.get(app) ?? new Set<Promise<void>>();
  pendingByApp.set(app, pending);
  const running: Promise<void> = work()
    .catch((error: unknown) => reportError(error, { where }))
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Resolves once the notifications already answered have started their runs (or failed). */
export async function outlookPushSettled(app: App): Promise<void> {
  while (pendingByApp.get(app)?.size) await Promise.all(pendingByApp.get(app) ?? []);
}

interface Notification {
  subscriptionId?: unknown;
  clientState?: unknown;
  changeType?: unknown;
  resource?: unknown;
  resourceData?: { id?: unknown };
  lifecycleEvent?: unknown;
}

export async function handleOutlookPush(app: App, request: Request, pathname: string): Promise<Response> {
  if (request.method !== "POST")
    return answer(405, { message: "Use POST" }, { allow: "POST", ...CLOSE_CONNECTION });
  const [rawId, kind, ...rest] = pathname.slice(OUTLOOK_PUSH_PREFIX.length + 1).split("/");
  const lifecycle = kind === "lifecycle";
  const triggerId = decodeURIComponent(rawId ?? "");
  const [found] =
    triggerId && triggerId.length <= 128 && rest.length === 0 && (kind === undefined || lifecycle)
      ? await app.db
          .select({
            trigger: agentTrigger,
            subscription: agentMailSubscription,
            organizationId: project.organizationId,
          })
          .from(agentTrigger)
          .innerJoin(agentMailSubscription, eq(agentMailSubscription.triggerId, agentTrigger.id))
          .innerJoin(project, eq(project.id, agentTrigger.projectId))
          .where(eq(agentTrigger.id, triggerId))
      : [];
  if (!found) return answer(404, { message: "No Outlook mail trigger here" }, CLOSE_CONNECTION);

  const validationToken = new URL(request.url).searchParams.get("validationToken");
  if (validationToken !== null) {
    if (!validationToken || validationToken.length > MAX_VALIDATION_TOKEN)
      return answer(400, { message: "The validation token is empty or too long" });
    // Exactly the decoded token, as plain text: Graph fails the subscription on anything else.
    return new Response(validationToken, {
      status: 200,
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
    });
  }

  const bytes = await readCappedBody(request, MAX_PUSH_BODY_BYTES);
  if (!bytes)
    return answer(413, { message: `The body exceeds ${MAX_PUSH_BODY_BYTES} bytes` }, CLOSE_CONNECTION);
  let items: Notification[];
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as { value?: unknown };
    if (!Array.isArray(parsed.value)) throw new Error("no value array");
    items = parsed.value as Notification[];
  } catch {
    return answer(400, { message: "Expected a change notification collection: { value: [...] }" });
  }
  const { subscription } = found;
  const genuine = items.filter(
    (item) =>
      item !== null &&
      typeof item === "object" &&
      subscription.subscriptionId !== null &&
      item.subscriptionId === subscription.subscriptionId &&
      typeof item.clientState === "string" &&
      triggerSecretMatches(item.clientState, subscription.clientStateHash),
  );
  if (genuine.length === 0) return answer(401, { message: PUSH_REFUSED });

  if (lifecycle) {
    const events = new Set(genuine.map((item) => item.lifecycleEvent));
    if (events.has("subscriptionRemoved"))
      inBackground(app, () => resubscribe(app, triggerId), "outlook-lifecycle");
    else if (events.has("reauthorizationRequired"))
      inBackground(app, () => renewTriggerSubscription(app, triggerId, { force: true }), "outlook-lifecycle");
    return new Response(null, { status: 202 });
  }

  const target: GraphTarget | null = subscription.connectionId
    ? { organizationId: found.organizationId, connectionId: subscription.connectionId }
    : null;
  let taken = 0;
  for (const item of genuine) {
    const messageId = item.resourceData?.id;
    if (item.changeType !== "created" || typeof messageId !== "string" || !messageId) continue;
    // Taken before the 202: Graph's redelivery of the same message finds it and starts nothing.
    const deliveryId = deliveryIdOf(messageId);
    const [claimed] = await app.db
      .insert(agentTriggerDelivery)
      .values({ triggerId, deliveryId })
      .onConflictDoNothing()
      .returning({ deliveryId: agentTriggerDelivery.deliveryId });
    if (!claimed) continue;
    taken++;
    const resource = typeof item.resource === "string" ? item.resource : null;
    inBackground(
      app,
      () => startForMessage(app, found.trigger, target, { messageId, resource, deliveryId }),
      "outlook-push-run",
    );
  }
  return answer(202, { accepted: taken });
}

/** Message ids are long base64; the delivery key stays short and fixed. */
const deliveryIdOf = (messageId: string) =>
  `outlook:${createHash("sha256").update(messageId).digest("base64url")}`;

async function startForMessage(
  app: App,
  trigger: typeof agentTrigger.$inferSelect,
  target: GraphTarget | null,
  message: { messageId: string; resource: string | null; deliveryId: string },
): Promise<void> {
  // Subject and sender help the agent decide; without them the run still has the id to read it by.
  const read = target ? await readNewMessage(app, target, message.messageId).catch(() => null) : null;
  const context = JSON.stringify(
    { messageId: message.messageId, resource: message.resource, ...(read ?? {}) },
    null,
    2,
  );
  const outcome = await startTriggeredRun(app, trigger, {
    what: "The new message in the Outlook Inbox that started this run (read it in full by its id with the Outlook tools)",
    body: context,
  });
  const where = and(
    eq(agentTriggerDelivery.triggerId, trigger.id),
    eq(agentTriggerDelivery.deliveryId, message.deliveryId),
  );
  if ("refused" in outcome) {
    await app.db.delete(agentTriggerDelivery).where(where);
    reportError(new Error(outcome.refused), { where: `outlook-push-run (trigger ${trigger.id})` });
    return;
  }
  await app.db.update(agentTriggerDelivery).set({ runId: outcome.runId }).where(where);
}
