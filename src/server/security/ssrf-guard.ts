// The one guard for every URL a user gives us (web pages to fetch, remote MCP servers, provider base
// URLs). The address is checked where the connection is made — the resolver of a dedicated HTTP agent —
// so a name that resolves to a public address when validated and to 127.0.0.1 when connecting (DNS
// rebinding) is still refused. Redirects are followed by hand so every hop is checked the same way.
import { lookup as dnsLookup } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import {
  Agent,
  type Dispatcher,
  type RequestInit as UndiciRequestInit,
  fetch as undiciFetch,
  request as undiciRequest,
} from "undici";
import { AppError } from "../../lib/errors.ts";
import { startDeadline } from "../deadline.ts";
import { declaredLength } from "../http/declared-length.ts";
import { isBlockedAddress } from "./blocked-addresses.ts";

export interface UrlPolicy {
  /** Development and tests only (ALLOW_PRIVATE_URLS=true): private and loopback addresses allowed. */
  allowPrivateNetworks: boolean;
}

export interface GuardedFetchOptions {
  timeoutMs?: number;
  maxRedirects?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 5;
const BLOCKED_HOSTNAMES = new Set(["localhost", "metadata.google.internal", "metadata"]);

const refused = (url: URL, why: string) =>
  new AppError("BAD_REQUEST", `The URL ${url.origin} is not allowed: ${why}.`);

function parseUrl(raw: string): URL {
  const url = URL.parse(raw);
  if (!url) throw new AppError("BAD_REQUEST", "The URL is not a valid absolute URL.");
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AppError("BAD_REQUEST", "Only http and https URLs are allowed.");
  }
  if (url.username || url.password) {
    throw new AppError("BAD_REQUEST", "URLs with embedded credentials are not allowed.");
  }
  return url;
}

function checkHostname(url: URL): void {
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (BLOCKED_HOSTNAMES.has(host) || host.endsWith(".localhost")) {
    throw refused(url, "it points to a local or metadata host");
  }
  const literal = host.replace(/^\[|\]$/g, "");
  if (isIP(literal) && isBlockedAddress(literal)) {
    throw refused(url, "it points to a private, loopback or link-local address");
  }
}

function resolveAll(hostname: string): Promise<Array<{ address: string; family: number }>> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

/** Validates a user-supplied URL now (for forms): scheme, credentials and every address it resolves to. */
export async function assertPublicUrl(raw: string, policy: UrlPolicy): Promise<URL> {
  const url = parseUrl(raw);
  if (policy.allowPrivateNetworks) return url;
  checkHostname(url);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal)) return url;
  let addresses: Array<{ address: string }>;
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    throw new AppError("BAD_REQUEST", `The host ${url.hostname} could not be resolved.`);
  }
  if (addresses.length === 0 || addresses.some(({ address }) => isBlockedAddress(address))) {
    throw refused(url, "its host resolves to a private, loopback or link-local address");
  }
  return url;
}

/** Resolves like the system resolver, then refuses the connection if any answer is blocked. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as unknown as Array<{ address: string; family: number }>;
    const bad = list.find(({ address }) => isBlockedAddress(address));
    if (bad || list.length === 0) {
      const refusal = Object.assign(new Error(`Refused to connect to ${hostname}: blocked address`), {
        code: "ESSRFBLOCKED",
      });
      return callback(refusal, "", 0);
    }
    if (options.all) return callback(null, list as never);
    const first = list[0] as { address: string; family: number };
    return callback(null, first.address, first.family);
  });
};

const guardedAgent = new Agent({ connect: { lookup: guardedLookup } });
const openAgent = new Agent();

function isRefusedConnection(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: string }).code === "ESSRFBLOCKED") return true;
  }
  return false;
}

interface Hop<T> {
  status: number;
  location: string | null;
  discard(): Promise<void>;
  value: T;
}

/**
 * Sends to a user-supplied URL through the guarded agent and follows redirects by hand, checking every
 * hop; a timeout covers the whole exchange. Refusals are AppError BAD_REQUEST; network failures are
 * rethrown.
 */
async function followGuarded<T>(
  raw: string,
  signal: AbortSignal,
  policy: UrlPolicy,
  options: GuardedFetchOptions,
  send: (url: URL, signal: AbortSignal, dispatcher: Dispatcher) => Promise<Hop<T>>,
): Promise<T> {
  const dispatcher = policy.allowPrivateNetworks ? openAgent : guardedAgent;
  let url = parseUrl(raw);
  for (let hop = 0; ; hop++) {
    if (!policy.allowPrivateNetworks) checkHostname(url);
    let answer: Hop<T>;
    try {
      answer = await send(url, signal, dispatcher);
    } catch (error) {
      if (isRefusedConnection(error)) throw refused(url, "its host resolves to a private address");
      throw error;
    }
    if (answer.status < 300 || answer.status >= 400 || !answer.location) return answer.value;
    await answer.discard();
    if (hop >= (options.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) {
      throw new AppError("BAD_REQUEST", "Too many redirects.");
    }
    url = parseUrl(new URL(answer.location, url).toString());
  }
}

/** fetch() for user-supplied URLs: every hop checked, connections pinned to checked addresses. */
export function fetchPublicUrl(
  raw: string,
  init: UndiciRequestInit,
  policy: UrlPolicy,
  options: GuardedFetchOptions = {},
): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const callerSignal = init.signal as AbortSignal | null | undefined;
  return followGuarded(
    raw,
    callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout,
    policy,
    options,
    async (url, signal, dispatcher) => {
      const response = await undiciFetch(url, { ...init, signal, dispatcher, redirect: "manual" });
      return {
        status: response.status,
        location: response.headers.get("location"),
        discard: async () => void (await response.body?.cancel()),
        value: response as unknown as Response,
      };
    },
  );
}

export interface PublicUrlResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData["body"];
}

/**
 * A GET with the same guarantees as fetchPublicUrl through undici's plain request API, which costs a
 * third of fetch()'s CPU: the fetch_web_page tool's hot path (see ARCHITECTURE.md, gateway speed).
 */
export function getPublicUrl(
  raw: string,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
  policy: UrlPolicy,
  options: GuardedFetchOptions = {},
): Promise<PublicUrlResponse> {
  // Released once the body is read or dropped (see deadline.ts for why not AbortSignal.timeout).
  const deadline = startDeadline(signal, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const exchange = followGuarded(raw, deadline.signal, policy, options, async (url, combined, dispatcher) => {
    const answer = await undiciRequest(url, { method: "GET", headers, signal: combined, dispatcher });
    const location = answer.headers.location;
    return {
      status: answer.statusCode,
      location: typeof location === "string" ? location : null,
      discard: async () => discardBody(answer.body),
      value: { url: url.toString(), status: answer.statusCode, headers: answer.headers, body: answer.body },
    };
  });
  return exchange.then(
    (response) => {
      response.body.once("close", deadline.release);
      return response;
    },
    (error: unknown) => {
      deadline.release();
      throw error;
    },
  );
}

/** Drops a body nobody will read; undici reports the abort as an error event, which is expected here. */
export function discardBody(body: Readable): void {
  body.on("error", () => undefined);
  body.destroy();
}

/**
 * readTextCapped for getPublicUrl's answer. undici's request() never decodes a body and never delivers
 * more than its Content-Length, so a declared length within the cap is the whole body within the cap:
 * undici reads it in one go, without readTextCapped's async iterator and its promise per chunk: 0.9 KB
 * less garbage per fetch_web_page call (of ~44 KB), and allocation is what sets how often the gateway
 * pauses for a young-generation collection.
 */
export async function readPublicUrlText(
  response: PublicUrlResponse,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  const declared = response.headers["content-length"];
  const length = declaredLength(typeof declared === "string" ? declared : null);
  if (length !== null && length <= maxBytes) {
    return { text: await response.body.text(), truncated: false };
  }
  return readTextCapped(response, maxBytes);
}

/** Reads at most `maxBytes` of a body as UTF-8 text; `truncated` says whether more was left. */
export async function readTextCapped(
  source: Response | PublicUrlResponse,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  const { bytes, truncated } = await readBytesCapped(source, maxBytes);
  return { text: new TextDecoder().decode(bytes), truncated };
}

/** The body's first `maxBytes` bytes (a downloaded file), and whether there was more. */
export async function readBytesCapped(
  source: Response | PublicUrlResponse,
  maxBytes: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const body = source.body as AsyncIterable<Uint8Array> | null;
  if (!body) return { bytes: Buffer.alloc(0), truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  // Leaving the loop early cancels a web stream and destroys a Node stream alike.
  for await (const value of body) {
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      truncated = true;
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { bytes: Buffer.concat(chunks), truncated };
}
