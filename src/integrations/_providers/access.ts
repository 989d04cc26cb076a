// How a provider is called with a saved credential (API token, service account): the base URL, the
// auth headers and the per-connection variables its URLs need. Each provider's builders live in its
// _providers/<provider>.ts; the check before saving and the engines both use them, so the check and the
// real calls can never disagree on how a provider is authenticated.
import type { ProviderEndpoints } from "./provider-endpoints.ts";

export type CredentialValues = Record<string, string | number | undefined>;

export interface CredentialAccess {
  /** Where the provider's API is, without a trailing slash ("" when neither configured nor given). */
  baseUrl: string;
  headers: Record<string, string>;
  /** Values the provider's URLs embed (Atlassian cloudId, Caflou accountId, …). */
  variables: Record<string, string>;
  /** The base URL comes from the user's values, not configuration: calls go through the SSRF guard. */
  userSupplied: boolean;
}

export type AccessBuilder = (values: CredentialValues, endpoints: ProviderEndpoints) => CredentialAccess;

/** The cheap read-only call that checks a credential before it is saved. */
export interface CheckRequest {
  /** Appended to the access's base URL. */
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The login a saved credential needs before any call (Caflou: email and password for a token that
 * expires), sent like a check request; the token then reaches the access builder as `sessionToken`.
 */
export interface LoginRequest extends CheckRequest {
  method: "POST" | "GET";
  /** The token and when it expires (ms since the epoch) from the login's JSON answer; undefined if absent. */
  read: (answer: unknown, now: number) => { token: string; expiresAt: number } | undefined;
}

/** The value name the logged-in session's token is handed to access builders under. */
export const SESSION_TOKEN = "sessionToken";

export const text = (value: string | number | undefined) => String(value ?? "");
export const trimSlash = (url: string) => url.replace(/\/+$/, "");
export const pathPart = (value: string | number | undefined) => encodeURIComponent(text(value));

export const bearer = (token: string | number | undefined) => ({ authorization: `Bearer ${text(token)}` });
export const basic = (user: string | number | undefined, password: string | number | undefined) => ({
  authorization: `Basic ${Buffer.from(`${text(user)}:${text(password)}`).toString("base64")}`,
});

/** Access at the provider's configured API base. */
export const configured = (
  endpoints: ProviderEndpoints,
  headers: Record<string, string>,
  variables: Record<string, string> = {},
): CredentialAccess => ({
  baseUrl: trimSlash(endpoints.apiBaseUrl ?? ""),
  headers,
  variables,
  userSupplied: false,
});

/** MCP servers answer `initialize` cheaply; a refused key fails it with 401/403. */
export const mcpInitialize = (): CheckRequest => ({
  path: "",
  method: "POST",
  headers: { accept: "application/json, text/event-stream", "content-type": "application/json" },
  body: JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "portico", version: "1" },
    },
  }),
});
