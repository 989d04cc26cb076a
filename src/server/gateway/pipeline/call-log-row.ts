// One call-log row: what a recorded call holds, the arguments as stored, and the CSV line tool_call's
// COPY reads (call-recorder.ts batches and writes them).
import { randomUUID } from "node:crypto";
import type { CallChannel } from "../../db/schema/gateway.ts";
import type { Principal } from "../auth/principal.ts";
import { argumentsJson } from "./redact-arguments.ts";
import type { ServedBy } from "./served-by.ts";

/** tool_call's columns in the order toolCallCsvLine() writes them. */
export const TOOL_CALL_COLUMNS =
  "id, organization_id, project_id, server_id, server_name, tool_name, channel, api_key_id, " +
  "oauth_client_id, caller_name, user_id, status, duration_ms, error_message, created_at, arguments, trace_id, " +
  "connection_id, connection_label, decision";

/**
 * Characters of a call's arguments kept for the call log: enough to debug a call with, while a large
 * payload (a document to write, say) neither grows the table nor the queue behind every request.
 */
export const MAX_STORED_ARGUMENTS = 4000;

/**
 * A call's arguments as the log stores them: JSON, credential fields redacted (redact-arguments.ts),
 * cut at MAX_STORED_ARGUMENTS and marked with "…".
 */
export function storedArguments(args: Record<string, unknown>): string {
  const json = argumentsJson(args);
  return json.length > MAX_STORED_ARGUMENTS ? `${json.slice(0, MAX_STORED_ARGUMENTS)}…` : json;
}

/**
 * A text value as a CSV field: always quoted, so an empty string stays distinct from NULL (an empty
 * unquoted field). NUL characters, which PostgreSQL text cannot hold, are dropped: one of them in an
 * error message would otherwise fail every flush of its batch.
 */
function csvText(value: string | null): string {
  if (value === null) return "";
  const text = value.includes("\0") ? value.replaceAll("\0", "") : value;
  return `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;
}

export interface RecordedCall {
  principal: Principal;
  serverId: string | null;
  serverName: string;
  toolName: string;
  channel: CallChannel;
  status: "success" | "error";
  durationMs: number;
  errorMessage: string | null;
  /** The arguments as storedArguments() made them, or null when not known. */
  arguments: string | null;
  /** The call's W3C trace id (observability/call-trace.ts: 32 lower-case hex digits), or null. */
  traceId?: string | null;
  /** The connection that served the call (served-by.ts), when one did. */
  servedBy?: ServedBy;
  /** Which policy or rule decided the call, and who confirmed or approved it (governance), if any. */
  decision?: string | null;
  at: Date;
}

/** One CSV line in TOOL_CALL_COLUMNS' order, with a new id; `createdAt` is `call.at` already formatted. */
export function toolCallCsvLine(call: RecordedCall, createdAt: string): string {
  const { principal } = call;
  return [
    randomUUID(),
    csvText(principal.organizationId),
    csvText(principal.projectId),
    csvText(call.serverId),
    csvText(call.serverName),
    csvText(call.toolName),
    call.channel,
    csvText(principal.apiKeyId),
    csvText(principal.oauthClientId),
    csvText(principal.callerName),
    // An external user is no Portico person: its calls are named (callerName), attributed to nobody.
    csvText(principal.externalUserId ? null : principal.userId),
    call.status,
    // One decimal, as admission.ts measured it: rounded to whole milliseconds most calls read "0 ms".
    Math.round(call.durationMs * 10) / 10,
    csvText(call.errorMessage?.slice(0, 2000) ?? null),
    createdAt,
    csvText(call.arguments),
    // 32 hex digits when present (call-trace.ts makes them, or traceparent.ts checked the client's):
    // no quoting needed, and the uuid column reads them as they are (anything else would fail the
    // batch's COPY, so nothing else may come here).
    call.traceId ?? "",
    csvText(call.servedBy?.connectionId ?? null),
    csvText(call.servedBy?.connectionLabel ?? null),
    csvText(call.decision ?? null),
  ].join(",");
}
