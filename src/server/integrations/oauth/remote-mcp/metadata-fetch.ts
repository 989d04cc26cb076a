// Requests to addresses a remote MCP server or its metadata named (remote MCP OAuth): every one through
// the SSRF guard, with a time limit, no redirects (a redirect could carry a grant or a registration
// elsewhere), and a cap on what is read back. Failures become a DiscoveryError that says what went wrong.
import type { RequestInit as UndiciRequestInit } from "undici";
import { AppError } from "../../../../lib/errors.ts";
import type { App } from "../../../app-services.ts";
import { fetchPublicUrl, readTextCapped } from "../../../security/ssrf-guard.ts";
import { networkReason, PROVIDER_TIMEOUT_MS } from "../../outbound-fetch.ts";

/** Metadata documents and registration answers are small; anything larger is not one. */
export const MAX_METADATA_BYTES = 64 * 1024;

/** Connecting cannot go on; `reason` is shown to the person connecting. */
export class DiscoveryError extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(reason);
    this.name = "DiscoveryError";
    this.reason = reason;
  }
}

export function guardedSend(app: App) {
  const policy = { allowPrivateNetworks: app.config.allowPrivateUrls };
  return (url: string, init: RequestInit) =>
    fetchPublicUrl(url, init as UndiciRequestInit, policy, {
      timeoutMs: PROVIDER_TIMEOUT_MS,
      maxRedirects: 0,
    });
}

/**
 * Sends through the guard and reads the answer as JSON (or null when it is not JSON). A refused address
 * or a network failure is a DiscoveryError naming `what` was being fetched.
 */
export async function guardedJson(
  app: App,
  url: string,
  init: RequestInit,
  what: string,
): Promise<{ status: number; headers: Headers; json: unknown }> {
  let response: Response;
  try {
    response = await guardedSend(app)(url, init);
  } catch (error) {
    if (error instanceof AppError)
      throw new DiscoveryError(`Portico will not fetch ${what}: ${error.message}`);
    throw new DiscoveryError(`Could not fetch ${what} (${url}): ${networkReason(error)}.`);
  }
  const { text, truncated } = await readTextCapped(response, MAX_METADATA_BYTES);
  if (truncated) {
    throw new DiscoveryError(`${what} (${url}) is larger than ${MAX_METADATA_BYTES / 1024} KB.`);
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json };
}

/** Discovered endpoints must be https, except where private addresses are allowed (development, tests). */
export function requireSecureUrl(app: App, raw: unknown, what: string): string {
  const url = typeof raw === "string" ? URL.parse(raw) : null;
  if (!url || (url.protocol !== "https:" && !(app.config.allowPrivateUrls && url.protocol === "http:"))) {
    throw new DiscoveryError(`${what} is not an https URL: ${String(raw)}.`);
  }
  if (url.hash) throw new DiscoveryError(`${what} has a fragment: ${String(raw)}.`);
  return url.toString();
}
