// Why a remote MCP exchange failed, in words an agent (and the person reading its log) can act on.
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "../../../../lib/errors.ts";
import { ConnectionUnavailableError } from "../../connections/connection-errors.ts";
import { networkReason } from "../../outbound-fetch.ts";
import { ResponseTooLargeError } from "./guarded-fetch.ts";

export interface FailureContext {
  /** The provider's display name ("Brevo"). */
  name: string;
  timeoutMs: number;
  /** The MCP caller gave up (its request was cancelled): not the remote server's fault. */
  cancelled: boolean;
  /** The connection holds an OAuth token (already refreshed once when refused), not an API key. */
  oauth?: boolean;
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 5; ) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

const isTimeout = (error: unknown) =>
  causes(error).some(
    (e) =>
      (e instanceof McpError && e.code === ErrorCode.RequestTimeout) ||
      (e instanceof Error && e.name === "TimeoutError"),
  );

function httpFailure(error: StreamableHTTPError, server: string, name: string, oauth: boolean): string {
  const status = error.code ?? 0;
  if ((status === 401 || status === 403) && oauth) {
    return `${name} refused the connection's access (HTTP ${status}). Reconnect ${name} in the organization's integrations.`;
  }
  if (status === 401 || status === 403) {
    return `${name} refused the stored MCP API key (HTTP ${status}). Update it in the organization's integrations.`;
  }
  if (status === -1) return `${server} answered with something that is not MCP (${error.message}).`;
  if (status === 404) return `${server} answered HTTP 404: check the MCP URL.`;
  return `${server} answered HTTP ${status}.`;
}

export function describeFailure(
  error: unknown,
  { name, timeoutMs, cancelled, oauth = false }: FailureContext,
): string {
  const server = `${name}'s MCP server`;
  if (error instanceof ConnectionUnavailableError) return error.reason;
  if (cancelled) return `The call was cancelled before ${server} answered.`;
  if (isTimeout(error)) return `${server} did not answer within ${Math.round(timeoutMs / 100) / 10} s.`;
  const chain = causes(error);
  const refusal = chain.find((e): e is AppError => e instanceof AppError);
  // The SSRF guard's refusals: its message names the URL and why it is not allowed.
  if (refusal) return `Portico did not connect to ${server}: ${refusal.message}`;
  const tooLarge = chain.find((e) => e instanceof ResponseTooLargeError);
  if (tooLarge) return `${server} sent too much: ${tooLarge.message}.`;
  if (error instanceof StreamableHTTPError) return httpFailure(error, server, name, oauth);
  if (error instanceof McpError) {
    if (error.code === ErrorCode.ConnectionClosed) return `${server} closed the connection.`;
    // The SDK prefixes "MCP error <code>: " on each side (servers built on it send their own prefixed).
    const message = error.message.replace(/^(MCP error -?\d+: )+/, "");
    return `${server} refused the call: ${message} (code ${error.code})`;
  }
  if (error instanceof TypeError && error.cause) return `Could not reach ${server}: ${networkReason(error)}.`;
  const detail = error instanceof Error ? error.message : String(error);
  return `The exchange with ${server} failed: ${detail}`;
}
