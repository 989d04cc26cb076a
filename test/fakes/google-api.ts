// What Google's REST APIs share, for their fakes: the JSON error body
// (https://cloud.google.com/apis/design/errors#http_mapping), bearer-token checking and opaque page tokens.
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
