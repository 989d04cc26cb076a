// Where a change came from (client address and user agent), for the audit events it records. Domain
// functions take the actor's id but not the request, so tRPC mutations and the OAuth callback enter this
// AsyncLocalStorage once, and recordAuditEvent reads it: no signature grows a headers parameter. Only
// state-changing requests enter it, never the gateway's tool calls (call-trace.ts says why those avoid
// one). Outside a request (webhooks, scripts) there is nothing to read, and the event has no address.
import { AsyncLocalStorage } from "node:async_hooks";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address.ts";

export interface AuditRequest {
  ipAddress: string | null;
  userAgent: string | null;
  /** The credential a change came through when it was not a session (a management token). */
  via?: string;
}

const USER_AGENT_MAX = 400;
const storage = new AsyncLocalStorage<AuditRequest>();

/**
 * The request's origin as the server established it: the client address guard-browser-request.ts set
 * (any value the client sent under that name was replaced), and the user agent, shortened.
 */
export function auditRequestOf(headers: Headers): AuditRequest {
  return {
    ipAddress: headers.get(CLIENT_ADDRESS_HEADER),
    userAgent: headers.get("user-agent")?.slice(0, USER_AGENT_MAX) ?? null,
  };
}

export function withAuditRequest<T>(headers: Headers, run: () => T, extra: { via?: string } = {}): T {
  return storage.run({ ...auditRequestOf(headers), ...extra }, run);
}

export const currentAuditRequest = (): AuditRequest | undefined => storage.getStore();
