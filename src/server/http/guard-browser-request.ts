// The checks every request to the browser-facing API (/api/auth, /api/trpc, server functions) passes
// before a handler sees it: the body is capped before it is read, NUL characters are refused, and a
// state-changing request that carries a session cookie must come from the site's own origin.
import { CLIENT_ADDRESS_HEADER } from "./client-address.ts";
import { bodyHasNul, urlHasNul } from "./nul-characters.ts";
import { CLOSE_CONNECTION, readCappedBody } from "./read-capped-body.ts";

/** The same cap as /mcp's: no form or procedure of the site sends more. */
export const MAX_API_BODY_BYTES = 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

function refuse(status: number, message: string, headers: Record<string, string> = {}): Response {
  const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 403 ? "FORBIDDEN" : "BAD_REQUEST";
  return Response.json({ code, message }, { status, headers });
}

/**
 * Cross-site request forgery: browsers send Origin with every POST (and Sec-Fetch-Site with every
 * request), and neither can be set by a page. Callers without a session cookie are not at risk, and
 * non-browser callers that send neither header cannot be a forged browser request.
 */
function crossSiteRefusal(request: Request, siteOrigin: string): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  if (!SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) return null;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  const sameOrigin =
    origin !== null
      ? origin === siteOrigin
      : fetchSite === null || fetchSite === "same-origin" || fetchSite === "none";
  return sameOrigin ? null : refuse(403, "Forbidden: this request must come from the site's own origin");
}

export interface GuardOptions {
  baseUrl: string;
  /** Checks Origin on state-changing requests with a session cookie (tRPC and server functions). */
  checkOrigin: boolean;
  /** Sets CLIENT_ADDRESS_HEADER to this (client-address.ts), replacing whatever the client sent. */
  clientAddress?: string | undefined;
}

/** A refusal, or the request again with its body read into memory (within the cap). */
export async function guardBrowserRequest(
  request: Request,
  options: GuardOptions,
): Promise<Response | Request> {
  if (urlHasNul(new URL(request.url))) return refuse(400, "The request contains a NUL character");
  if (options.checkOrigin) {
    const refusal = crossSiteRefusal(request, new URL(options.baseUrl).origin);
    if (refusal) return refusal;
  }
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  if (options.clientAddress) headers.set(CLIENT_ADDRESS_HEADER, options.clientAddress);
  if (request.method === "GET" || request.method === "HEAD" || request.body === null) {
    return new Request(request.url, { method: request.method, headers, signal: request.signal });
  }
  const body = await readCappedBody(request, MAX_API_BODY_BYTES);
  if (body === null) {
    return refuse(413, `Request body exceeds ${MAX_API_BODY_BYTES} bytes`, CLOSE_CONNECTION);
  }
  if (bodyHasNul(body, request.headers.get("content-type"))) {
    return refuse(400, "The request contains a NUL character");
  }
  // The body is now a buffer of known length, whatever framing it arrived with.
  headers.delete("transfer-encoding");
  headers.set("content-length", String(body.byteLength));
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}
