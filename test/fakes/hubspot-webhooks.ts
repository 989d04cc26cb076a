// HubSpot as a webhook sender, from its developer docs: "Webhooks API" (the POST body is a JSON array of
// events, each with eventId, subscriptionId, portalId, appId, occurredAt, subscriptionType,
// attemptNumber, objectId, changeSource; a retry repeats the events with a higher attemptNumber) and
// "Validating requests", v3: X-HubSpot-Signature-v3 is the base64 HMAC-SHA256, keyed with the app's
// client secret, of the UTF-8 string method + full request URI + raw body + X-HubSpot-Request-Timestamp
// (milliseconds since the epoch).
import { createHmac } from "node:crypto";

export interface HubSpotEvent {
  eventId: number;
  subscriptionId: number;
  portalId: number;
  appId: number;
  occurredAt: number;
  subscriptionType: string;
  attemptNumber: number;
  objectId: number;
  changeSource: string;
  changeFlag?: string;
}

export function hubspotEvent(overrides: Partial<HubSpotEvent> = {}): HubSpotEvent {
  return {
    eventId: 100,
    subscriptionId: 2001,
    portalId: 62515,
    appId: 54321,
    occurredAt: Date.now(),
    subscriptionType: "deal.creation",
    attemptNumber: 0,
    objectId: 1246965,
    changeSource: "CRM",
    changeFlag: "NEW",
    ...overrides,
  };
}

/** The request HubSpot would send to `url` with these events, signed with `clientSecret`. */
export function hubspotDelivery(
  url: string,
  events: HubSpotEvent[],
  clientSecret: string,
  timestamp = Date.now(),
): Request {
  const body = JSON.stringify(events);
  const signed = `POST${url}${body}${timestamp}`;
  const signature = createHmac("sha256", clientSecret).update(signed, "utf8").digest("base64");
  return new Request(url, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-hubspot-signature-v3": signature,
      "x-hubspot-request-timestamp": String(timestamp),
    },
  });
}
