// A builder's webhook receiver, as its documentation would have it written: it verifies each request
// with the `standardwebhooks` library (webhook-id, webhook-timestamp, webhook-signature over the raw
// body), drops an id it has already processed, and answers each path with the statuses a test plans.
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface ReceivedEvent {
  path: string;
  id: string;
  verified: boolean;
  verificationError: string | null;
  /** The event as the library parsed it, when verified. */
  event: {
    id: string;
    type: string;
    timestamp: string;
    organizationId: string;
    data: Record<string, unknown>;
  } | null;
  answered: number;
  request: RecordedRequest;
}

export interface WebhookReceiver extends HttpFake {
  received: ReceivedEvent[];
  /** The secret the path verifies with (set after creating its endpoint). */
  secrets: Map<string, string>;
  /** Statuses to answer, in order, per path; the last repeats. Default 200. */
  plans: Map<string, number[]>;
  /** Event ids seen once already (a receiver dedupes retries and redeliveries by webhook-id). */
  processed: Set<string>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedEvent[] = [];
  const secrets = new Map<string, string>();
  const plans = new Map<string, number[]>();
  const processed = new Set<string>();
  const fake = await startHttpFake((request, response) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value ?? "")]),
    );
    const secret = secrets.get(request.path);
    let event: ReceivedEvent["event"] = null;
    let verificationError: string | null = null;
    try {
      if (!secret) throw new WebhookVerificationError("no secret for this path");
      event = new Webhook(secret).verify(request.body, headers) as ReceivedEvent["event"];
    } catch (error) {
      verificationError = error instanceof Error ? error.message : String(error);
    }
    const plan = plans.get(request.path) ?? [200];
    const answered = verificationError ? 401 : ((plan.length > 1 ? plan.shift() : plan[0]) ?? 200);
    received.push({
      path: request.path,
      id: headers["webhook-id"] ?? "",
      verified: verificationError === null,
      verificationError,
      event,
      answered,
      request,
    });
    if (answered >= 200 && answered < 300 && event) processed.add(event.id);
    json(response, answered, answered < 300 ? { ok: true } : { error: `planned ${answered}` });
  });
  return { ...fake, received, secrets, plans, processed };
}
