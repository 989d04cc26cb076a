// HubSpot's v3 request signature, as its developer docs ("Validating requests", v3) describe it:
// `X-HubSpot-Signature-v3` is base64(HMAC-SHA256(app client secret, method + URI + body + timestamp)),
// with `X-HubSpot-Request-Timestamp` in milliseconds; a timestamp older than five minutes is refused
// (a replay). The URI is the full URL HubSpot called, which for a trigger is the one the app shows.
import { createHmac, timingSafeEqual } from "node:crypto";

export const HUBSPOT_MAX_AGE_MS = 5 * 60_000;

export function hubspotSignatureV3(
  clientSecret: string,
  request: { method: string; uri: string; body: string; timestamp: string },
): string {
  return createHmac("sha256", clientSecret)
    .update(`${request.method}${request.uri}${request.body}${request.timestamp}`, "utf8")
    .digest("base64");
}

export type HubSpotVerdict = "ok" | "missing" | "stale" | "wrong";

export function verifyHubSpotSignature(
  clientSecret: string,
  request: { method: string; uri: string; body: string; headers: Headers },
  now = Date.now(),
): HubSpotVerdict {
  const signature = request.headers.get("x-hubspot-signature-v3");
  const timestamp = request.headers.get("x-hubspot-request-timestamp");
  if (!signature || !timestamp) return "missing";
  const at = Number(timestamp);
  if (!Number.isFinite(at) || now - at > HUBSPOT_MAX_AGE_MS || at - now > HUBSPOT_MAX_AGE_MS) return "stale";
  const expected = Buffer.from(hubspotSignatureV3(clientSecret, { ...request, timestamp }));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? "ok" : "wrong";
}

/** HubSpot sends an array of events, each with its own `eventId`; a redelivery repeats them. */
export function hubspotDeliveryId(body: string): string | null {
  try {
    const events = JSON.parse(body) as unknown;
    if (!Array.isArray(events) || events.length === 0) return null;
    const ids = events.map((event) => (event as { eventId?: unknown }).eventId);
    if (!ids.every((id) => typeof id === "number" || typeof id === "string")) return null;
    return `hubspot:${ids.join(",")}`.slice(0, 200);
  } catch {
    return null;
  }
}
