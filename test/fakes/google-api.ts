// What Google's REST APIs share, for their fakes: the JSON error body
// (https://cloud.google.com/apis/design/errors#http_mapping), bearer-token checking, opaque page tokens,
// and the Google OAuth2 API's userinfo.get on the shared API host.
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { json, type RecordedRequest } from "./http-fake.ts";

export function googleError(
  response: ServerResponse,
  code: number,
  status: string,
  message: string,
  reason: string,
) {
  json(response, code, { error: { code, message, errors: [{ message, domain: "global", reason }], status } });
}

/** Answers 401 as Google does and returns false when the bearer token is not accepted. */
export function authorized(
  request: RecordedRequest,
  response: ServerResponse,
  acceptsToken: (token: string) => boolean,
): boolean {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
  if (acceptsToken(token)) return true;
  googleError(
    response,
    401,
    "UNAUTHENTICATED",
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
    "authError",
  );
  return false;
}

export const pageToken = (offset: number) => Buffer.from(`offset:${offset}`).toString("base64url");

/** One page of `items` from the request's pageToken and the given size, with the next token if any. */
export function pageOf<T>(items: T[], request: RecordedRequest, size: number) {
  const token = request.query.get("pageToken");
  const offset = token ? Number(Buffer.from(token, "base64url").toString("utf8").replace("offset:", "")) : 0;
  const slice = items.slice(offset, offset + size);
  return { slice, next: offset + size < items.length ? { nextPageToken: pageToken(offset + size) } : {} };
}

/** A userinfo request answered: the token it carried and whose address it named. */
export interface UserinfoServed {
  token: string;
  email: string;
}

export interface FakeGoogleUserinfo {
  /** Access token → the account's address. */
  identities: Map<string, string>;
  /** Asked for tokens not in `identities` (e.g. `gmail.emailOf`, or the OAuth fake's identityOf). */
  identify: ((token: string) => string | undefined) | undefined;
  /** The address of a token of nobody in particular. */
  defaultEmail: string;
  served: UserinfoServed[];
  /**
   * Answers GET /oauth2/v2/userinfo and returns true; false for any other request, so it composes with
   * the other handlers of Google's shared host (the calendar fake's `other`). The host checks the token.
   */
  handle(request: RecordedRequest, response: ServerResponse): boolean;
}

/** Google's user id is a decimal string of 21 digits; the fake derives a stable one from the address. */
const googleUserId = (email: string) =>
  BigInt(`0x${createHash("sha256").update(email).digest("hex").slice(0, 16)}`)
    .toString()
    .padStart(21, "1");

/**
 * The Google OAuth2 API's userinfo.get, written from its reference (not from Portico's code): on
 * www.googleapis.com, a bearer token granted the `email` (userinfo.email) scope gets the account's id,
 * address and verified_email; name and picture would need `profile`, which Portico does not ask for.
 * https://developers.google.com/identity/protocols/oauth2/api/reference/rest/v2/userinfo/get
 */
export function createFakeGoogleUserinfo(defaultEmail = "petr@acme.test"): FakeGoogleUserinfo {
  const fake: FakeGoogleUserinfo = {
    identities: new Map(),
    identify: undefined,
    defaultEmail,
    served: [],
    handle(request, response) {
      if (request.method !== "GET" || request.path !== "/oauth2/v2/userinfo") return false;
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
      const email = fake.identities.get(token) ?? fake.identify?.(token) ?? fake.defaultEmail;
      fake.served.push({ token, email });
      json(response, 200, { id: googleUserId(email), email, verified_email: true });
      return true;
    },
  };
  return fake;
}
