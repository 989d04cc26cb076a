// A tool call that could not run because the organization has no working connection to the provider
// (never connected, disconnected, refused refresh). The result stays the isError result a model reads;
// the mark lets /mcp ask the person to connect the account instead: a URL-mode input request on
// 2026-07-28 (modern-mcp.ts), a URL elicitation error (-32042) on 2025-11-25 (both 1.x paths). A
// non-enumerable symbol key, so it never reaches the wire and the result still equals a plain one.
import { randomUUID } from "node:crypto";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { toolError } from "../catalogue/tool-types.ts";

const CONNECTION_NEEDED = Symbol("portico.connectionNeeded");

export interface ConnectionNeeded {
  /** Why the connection cannot be used, as the tool's error says it. */
  reason: string;
  /** Portico's page where the person connects the account; set by the project server's tool. */
  url?: string;
  /** The account is the caller's own (a personal-mode server): they connect it themselves. */
  ownAccount?: boolean;
}

/** The tool's error for a missing or broken connection, marked as one a person can fix. */
export function connectionUnavailable(reason: string): CallToolResult {
  return mark(toolError(reason), { reason });
}

function mark(result: CallToolResult, needed: ConnectionNeeded): CallToolResult {
  return Object.defineProperty(result, CONNECTION_NEEDED, { value: needed, configurable: true });
}

type Marked = CallToolResult & { [CONNECTION_NEEDED]?: ConnectionNeeded };

/**
 * The mark with the page to connect on, once the tool knows its organization. `linkInText`: the text
 * names the page too, for clients that neither elicit nor ask for input (a person's own account: the
 * REST facade, an agent's step, an older client).
 */
export function withConnectionsUrl(result: CallToolResult, url: string, linkInText = false): CallToolResult {
  const needed = (result as Marked)[CONNECTION_NEEDED];
  if (!needed) return result;
  if (!linkInText) return mark(result, { ...needed, url });
  const text = `${needed.reason} Connect it here, then try again: ${url}`;
  return mark(toolError(text), { ...needed, url, ownAccount: true });
}

/** The mark, when the call failed for want of a connection and Portico knows where to make it. */
export function connectionNeededOf(result: CallToolResult): (ConnectionNeeded & { url: string }) | undefined {
  const needed = (result as Marked)[CONNECTION_NEEDED];
  return needed?.url ? { reason: needed.reason, url: needed.url, ownAccount: needed.ownAccount } : undefined;
}

export const connectMessage = (needed: ConnectionNeeded) =>
  needed.ownAccount
    ? `${needed.reason} Open the link to connect it, then try again.`
    : `${needed.reason} Connect the account in Portico, then try again.`;

/** 2025-11-25's URLElicitationRequiredError: the stateless way to send the person to a URL. */
export const URL_ELICITATION_REQUIRED = -32042;

export function urlElicitationRequiredError(needed: ConnectionNeeded & { url: string }) {
  return {
    code: URL_ELICITATION_REQUIRED,
    message: connectMessage(needed),
    data: {
      elicitations: [
        { mode: "url", elicitationId: randomUUID(), url: needed.url, message: connectMessage(needed) },
      ],
    },
  };
}

/** The same error thrown from the 1.x SDK's tools/call handler (it sends code, message and data). */
export class UrlElicitationRpcError extends Error {
  readonly code = URL_ELICITATION_REQUIRED;
  readonly data: ReturnType<typeof urlElicitationRequiredError>["data"];

  constructor(needed: ConnectionNeeded & { url: string }) {
    const error = urlElicitationRequiredError(needed);
    super(error.message);
    this.data = error.data;
  }
}
