// The one place that decides whether a provider's answer means the saved credential itself is dead (so
// the connection is marked broken and owners and admins are told: connection-alerts.ts), and does it.
// Only a refusal of the credential counts: 401 on an API call (RFC 9110: the request lacks valid
// credentials), or a refused login or JWT-bearer grant. A 403 (no permission on one record or scope), a
// 429 or a 5xx says nothing about the credential and leaves the connection as it is.
//
// Credentials Portico renews (an OAuth refresh, a login, a service-account assertion) are judged when the
// renewal is refused, not when a freshly renewed token meets a 401: the provider just accepted the
// credential, so such a 401 is about that one request (some APIs answer 401 for a missing scope), and
// marking the whole connection broken would stop every other tool that still works.
// (A refused renewal is thrown as connection-errors.ts's CredentialRefusedError or a refused ServiceAccountError.)
import type { App } from "../../app-services.ts";
import { markConnectionBroken } from "./connection-alerts.ts";

/** Whether an API call's HTTP status refuses the credential that was sent. */
export const callRefusesCredential = (status: number): boolean => status === 401;

/**
 * Whether a login's HTTP status refuses the email and password: a login endpoint judges nothing but the
 * credential, so 403 (a locked or disabled user) is a refusal there too.
 */
export const loginRefusesCredential = (status: number): boolean => status === 401 || status === 403;

/**
 * Google's documented refusals of a JWT-bearer grant that no retry cures: invalid_grant (a deleted or
 * disabled key, a wrong user) and unauthorized_client (domain-wide delegation withdrawn for the scopes).
 * (Its "Invalid JWT" clock complaints are invalid_grant too: a server clock off by minutes breaks every
 * call just the same, until it is fixed and the connection re-checked.)
 * https://developers.google.com/identity/protocols/oauth2/service-account
 */
export const grantRefusesCredential = (error: string): boolean =>
  error === "invalid_grant" || error === "unauthorized_client";

/** Marks the connection broken because its provider refused its credential (one alert per breakage). */
export async function credentialRefused(app: App, connectionId: string, reason: string): Promise<void> {
  await markConnectionBroken(app, connectionId, reason);
}
