// POST /api/agent-triggers/<trigger id>/<secret>: a webhook delivery that starts a run of the trigger's
// agent with the posted body as context. The secret in the path is checked against its stored hash in
// constant time (a wrong or unknown one gets the same 401). A delivery id (`X-Delivery-Id` or
// `Idempotency-Key`; HubSpot's event ids) is taken once per trigger: a redelivery answers with the run
// the first started. A HubSpot trigger also needs HubSpot's v3 signature (hubspot-signature.ts).
import { and, eq } from "drizzle-orm";
import { TRIGGER_PATH_PREFIX } from "../../../lib/agents/trigger.ts";
import type { App } from "../../app-services.ts";
import { agentTrigger, agentTriggerDelivery, project } from "../../db/schema/index.ts";
import { CLOSE_CONNECTION, readCappedBody } from "../../http/read-capped-body.ts";
import { resolveOAuthApp } from "../../integrations/oauth/start-oauth.ts";
import { hubspotDeliveryId, verifyHubSpotSignature } from "./hubspot-signature.ts";
import { startTriggeredRun } from "./start-triggered-run.ts";
import { triggerSecretMatches } from "./trigger-secret.ts";

/** Webhook bodies are small; the cap keeps a flood from being buffered. */
export const MAX_TRIGGER_BODY_BYTES = 256 * 1024;
const DELIVERY_ID_MAX = 200;

export const TRIGGER_URL_INVALID = "This trigger URL is not valid: check it, or regenerate it in the app.";

const answer = (status: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  Response.json(body, { status, headers });

export const isTriggerPath = (pathname: string) => pathname.startsWith(`${TRIGGER_PATH_PREFIX}/`);

export async function handleTriggerWebhook(app: App, request: Request, pathname: string): Promise<Response> {
  if (request.method !== "POST")
    return answer(405, { message: "Use POST" }, { allow: "POST", ...CLOSE_CONNECTION });
  const [triggerId, secret, ...rest] = pathname.slice(TRIGGER_PATH_PREFIX.length + 1).split("/");
  const [trigger] =
    triggerId && secret && rest.length === 0 && triggerId.length <= 128
      ? await app.db
          .select()
          .from(agentTrigger)
          .where(eq(agentTrigger.id, decodeURIComponent(triggerId)))
      : [];
  if (!trigger || !triggerSecretMatches(decodeURIComponent(secret ?? ""), trigger.secretHash))
    return answer(401, { message: TRIGGER_URL_INVALID }, CLOSE_CONNECTION);
  const bytes = await readCappedBody(request, MAX_TRIGGER_BODY_BYTES);
  if (!bytes)
    return answer(413, { message: `The body exceeds ${MAX_TRIGGER_BODY_BYTES} bytes` }, CLOSE_CONNECTION);
  const body = new TextDecoder().decode(bytes);
  const checked = await checkSource(app, trigger, request, pathname, body);
  if ("refused" in checked) return answer(checked.status, { message: checked.refused });
  const { deliveryId } = checked;
  if (deliveryId !== null && (deliveryId.length === 0 || deliveryId.length > DELIVERY_ID_MAX))
    return answer(400, { message: `The delivery id must be 1 to ${DELIVERY_ID_MAX} characters` });
  if (deliveryId !== null) {
    const [taken] = await app.db
      .insert(agentTriggerDelivery)
      .values({ triggerId: trigger.id, deliveryId })
      .onConflictDoNothing()
      .returning({ deliveryId: agentTriggerDelivery.deliveryId });
    if (!taken) {
      const [earlier] = await app.db
        .select({ runId: agentTriggerDelivery.runId })
        .from(agentTriggerDelivery)
        .where(
          and(
            eq(agentTriggerDelivery.triggerId, trigger.id),
            eq(agentTriggerDelivery.deliveryId, deliveryId),
          ),
        );
      return answer(200, { runId: earlier?.runId ?? null, duplicate: true });
    }
  }
  const outcome = await startTriggeredRun(app, trigger, { what: checked.what, body });
  const forget = () =>
    deliveryId === null
      ? Promise.resolve()
      : app.db
          .delete(agentTriggerDelivery)
          .where(
            and(
              eq(agentTriggerDelivery.triggerId, trigger.id),
              eq(agentTriggerDelivery.deliveryId, deliveryId),
            ),
          );
  if ("refused" in outcome) {
    // Nothing ran: a retry of the same delivery may start the run once the cause is fixed.
    await forget();
    return answer(outcome.status, { message: outcome.refused });
  }
  if (deliveryId !== null)
    await app.db
      .update(agentTriggerDelivery)
      .set({ runId: outcome.runId })
      .where(
        and(eq(agentTriggerDelivery.triggerId, trigger.id), eq(agentTriggerDelivery.deliveryId, deliveryId)),
      );
  return answer(202, { runId: outcome.runId });
}

type SourceCheck = { deliveryId: string | null; what: string } | { refused: string; status: 401 | 409 };

/**
 * What the trigger's source requires beyond the URL's secret, and the delivery id it gives. HubSpot
 * signs with its app's client secret: the organization's own HubSpot app, else Portico's.
 */
async function checkSource(
  app: App,
  trigger: typeof agentTrigger.$inferSelect,
  request: Request,
  pathname: string,
  body: string,
): Promise<SourceCheck> {
  if (trigger.source === "webhook") {
    const contentType = request.headers.get("content-type") ?? "no content type";
    return {
      deliveryId: request.headers.get("x-delivery-id") ?? request.headers.get("idempotency-key"),
      what: `The webhook delivery that started this run (its body, ${contentType})`,
    };
  }
  const [owner] = await app.db
    .select({ organizationId: project.organizationId })
    .from(project)
    .where(eq(project.id, trigger.projectId));
  const hubspotApp = owner ? await resolveOAuthApp(app, owner.organizationId, "hubspot") : null;
  const clientSecret = hubspotApp?.values.clientSecret;
  if (typeof clientSecret !== "string" || !clientSecret) return { refused: HUBSPOT_APP_MISSING, status: 409 };
  // HubSpot signs the URL it was given, which is the one the app showed (the public base URL).
  const uri = new URL(pathname, app.config.baseUrl).toString();
  const verdict = verifyHubSpotSignature(clientSecret, {
    method: request.method,
    uri,
    body,
    headers: request.headers,
  });
  if (verdict !== "ok") return { refused: HUBSPOT_REFUSALS[verdict], status: 401 };
  return { deliveryId: hubspotDeliveryId(body), what: "The HubSpot webhook events that started this run" };
}

export const HUBSPOT_APP_MISSING =
  "This trigger checks HubSpot's signature with the organization's HubSpot app, and none is set up.";

const HUBSPOT_REFUSALS = {
  missing:
    "The request has no HubSpot v3 signature (X-HubSpot-Signature-v3 and X-HubSpot-Request-Timestamp).",
  stale: "The HubSpot request timestamp is more than five minutes old.",
  wrong: "The HubSpot v3 signature does not match.",
} as const;
