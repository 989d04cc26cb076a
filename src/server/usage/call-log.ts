// A project's call log for people debugging their agents: filtered, paged by keyset on tool_call's
// primary key (project, time, id) so a page costs the same however deep it is, and one call in full.
import { and, desc, eq, gte, ilike, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import {
  CALL_LOG_PAGE_SIZE,
  type CallLogFilters,
  STANDARD_SERVER_FILTER,
} from "../../lib/call-log-filters.ts";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app.ts";
import { apiKey, oauthClient, oauthConsent, toolCall, user } from "../db/schema/index.ts";
import { requireProjectAction } from "../projects/access.ts";
import { integrationOf, serversOfProject } from "../servers/server-store.ts";

export const CALL_NOT_FOUND = "Call not found";
export const INVALID_CURSOR = "This page of the call log no longer exists: start again from the first page.";

/** Where a page ends: the last row's time and id, opaque to the client. */
const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const date = new Date(at ?? "");
  if (!id || Number.isNaN(date.getTime())) throw new AppError("BAD_REQUEST", INVALID_CURSOR);
  return { at: date, id };
}

/** The SQL conditions of the filters, always within the project. */
function conditions(projectId: string, filters: CallLogFilters) {
  const where = [eq(toolCall.projectId, projectId)];
  if (filters.tool) where.push(ilike(toolCall.toolName, `%${filters.tool.replace(/[\\%_]/g, "\\$&")}%`));
  if (filters.server === STANDARD_SERVER_FILTER) where.push(isNull(toolCall.serverId));
  else if (filters.server) where.push(eq(toolCall.serverId, filters.server));
  if (filters.status) where.push(eq(toolCall.status, filters.status));
  const caller = filters.caller;
  if (caller === "agents") where.push(ne(toolCall.channel, "playground"));
  else if (caller === "playground") where.push(eq(toolCall.channel, "playground"));
  else if (caller?.startsWith("key:")) where.push(eq(toolCall.apiKeyId, caller.slice(4)));
  else if (caller?.startsWith("oauth:")) where.push(eq(toolCall.oauthClientId, caller.slice(6)));
  if (filters.from) where.push(gte(toolCall.createdAt, new Date(filters.from)));
  if (filters.to) where.push(lt(toolCall.createdAt, new Date(filters.to)));
  return where;
}

export async function listProjectCalls(
  app: App,
  userId: string,
  projectId: string,
  filters: CallLogFilters,
  cursor: string | null | undefined,
) {
  await requireProjectAction(app.db, userId, projectId, "calls.view");
  // Calls this process has queued are written first, so a call just made is already listed.
  await app.gateway.recorder.flush();
  const where = conditions(projectId, filters);
  if (cursor) {
    const after = decodeCursor(cursor);
    where.push(
      sql`(${toolCall.createdAt}, ${toolCall.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`,
    );
  }
  const rows = await app.db
    .select({
      id: toolCall.id,
      createdAt: toolCall.createdAt,
      toolName: toolCall.toolName,
      serverName: toolCall.serverName,
      channel: toolCall.channel,
      callerName: toolCall.callerName,
      status: toolCall.status,
      durationMs: toolCall.durationMs,
      errorMessage: toolCall.errorMessage,
    })
    .from(toolCall)
    .where(and(...where))
    .orderBy(desc(toolCall.createdAt), desc(toolCall.id))
    .limit(CALL_LOG_PAGE_SIZE + 1);
  const items = rows.slice(0, CALL_LOG_PAGE_SIZE);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > CALL_LOG_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** One call in full: its arguments, the error text, and who called (the key or client, and the user). */
export async function getProjectCall(
  app: App,
  userId: string,
  input: { projectId: string; callId: string; createdAt: Date },
) {
  await requireProjectAction(app.db, userId, input.projectId, "calls.view");
  await app.gateway.recorder.flush();
  const [call] = await app.db
    .select({
      id: toolCall.id,
      createdAt: toolCall.createdAt,
      toolName: toolCall.toolName,
      serverId: toolCall.serverId,
      serverName: toolCall.serverName,
      channel: toolCall.channel,
      callerName: toolCall.callerName,
      apiKeyId: toolCall.apiKeyId,
      apiKeyName: apiKey.name,
      oauthClientId: toolCall.oauthClientId,
      oauthClientName: oauthClient.name,
      userName: user.name,
      userEmail: user.email,
      status: toolCall.status,
      durationMs: toolCall.durationMs,
      errorMessage: toolCall.errorMessage,
      arguments: toolCall.arguments,
      traceId: toolCall.traceId,
    })
    .from(toolCall)
    .leftJoin(apiKey, eq(apiKey.id, toolCall.apiKeyId))
    .leftJoin(oauthClient, eq(oauthClient.clientId, toolCall.oauthClientId))
    .leftJoin(user, eq(user.id, toolCall.userId))
    // The time narrows the primary key's range to the call's instant; the id picks the call.
    .where(
      and(
        eq(toolCall.projectId, input.projectId),
        eq(toolCall.createdAt, input.createdAt),
        eq(toolCall.id, input.callId),
      ),
    );
  if (!call) throw new AppError("NOT_FOUND", CALL_NOT_FOUND);
  // Where the operator's tracing shows this trace (TRACE_URL), when one is configured.
  const { traceUrl } = app.config.tracing;
  return {
    ...call,
    traceUrl: call.traceId && traceUrl ? traceUrl.replaceAll("{traceId}", call.traceId) : null,
  };
}

/** What the filters offer: the project's servers, its API keys and the OAuth clients people connected. */
export async function getCallLogFilterOptions(app: App, userId: string, projectId: string) {
  await requireProjectAction(app.db, userId, projectId, "calls.view");
  const [servers, keys, clients] = await Promise.all([
    serversOfProject(app.db, projectId),
    app.db
      .select({ id: apiKey.id, name: apiKey.name, revokedAt: apiKey.revokedAt })
      .from(apiKey)
      .where(eq(apiKey.projectId, projectId))
      .orderBy(apiKey.name),
    app.db
      .selectDistinct({ clientId: oauthClient.clientId, name: oauthClient.name })
      .from(oauthClient)
      .where(
        inArray(
          oauthClient.clientId,
          app.db
            .select({ clientId: oauthConsent.clientId })
            .from(oauthConsent)
            .where(eq(oauthConsent.referenceId, projectId)),
        ),
      ),
  ]);
  return {
    servers: [
      { value: STANDARD_SERVER_FILTER, name: "Standard tools" },
      ...servers.map((server) => ({
        value: server.id,
        name: integrationOf(server.integrationId).entry.name,
      })),
    ],
    callers: [
      ...keys.map((key) => ({
        value: `key:${key.id}`,
        name: `API key: ${key.name}${key.revokedAt ? " (revoked)" : ""}`,
      })),
      ...clients.map((client) => ({
        value: `oauth:${client.clientId}`,
        name: `OAuth client: ${client.name ?? client.clientId}`,
      })),
    ],
  };
}
