// A project's call log for people debugging their agents: filtered, paged by keyset on tool_call's
// primary key (project, time, id) so a page costs the same however deep it is, and one call in full.
// Calls name their person (tool_call.user_id) only while that person is a member of the project's
// organization: someone who left, perhaps for another organization, shows as a former member and is
// not offered as a filter, so the log never lists users of other organizations.

import { and, desc, eq, gte, ilike, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import {
  CALL_LOG_PAGE_SIZE,
  type CallLogFilters,
  STANDARD_SERVER_FILTER,
} from "../../lib/call-log-filters.ts";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { olderThan, pageOf } from "../db/keyset-page.ts";
import {
  apiKey,
  integrationConnection,
  oauthClient,
  oauthConsent,
  organizationMember,
  toolCall,
  user,
} from "../db/schema/index.ts";
import { connectionDisplayName } from "../integrations/connections/connection-store.ts";
import { requireProjectAction } from "../projects/access.ts";
import { serversOfProject } from "../servers/server-store.ts";
import { serverDisplayName } from "../servers/server-tools.ts";

export const CALL_NOT_FOUND = "Call not found";
export const INVALID_CURSOR = "This page of the call log no longer exists: start again from the first page.";
/**
 * How many of the project's newest calls the person and connection filter options are read from. One
 * bounded read of the primary key (~15 ms on the embedded database); the whole log cost ~400 ms per
 * million calls on every visit of the page. Older people and connections still filter by URL, and the
 * one selected is offered whatever its age.
 */
export const FILTER_OPTIONS_CALLS = 10_000;

/** The membership that lets a call name its person: in the project's organization, now. */
const memberOfOrganization = (organizationId: string) =>
  and(eq(organizationMember.organizationId, organizationId), eq(organizationMember.userId, toolCall.userId));

/** What a call's entry shows of the connection that served it, as the connection is now. */
const connectionColumns = {
  id: integrationConnection.id,
  label: integrationConnection.label,
  accountLabel: integrationConnection.accountLabel,
  account: integrationConnection.account,
  provider: integrationConnection.provider,
  ownerUserId: integrationConnection.ownerUserId,
};

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
  // Ids of other projects' people or connections simply match no call of this one.
  if (filters.person) where.push(eq(toolCall.userId, filters.person));
  if (filters.connection) where.push(eq(toolCall.connectionId, filters.connection));
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
  const access = await requireProjectAction(app.db, userId, projectId, "calls.view");
  // Calls this process has queued are written first, so a call just made is already listed.
  await app.gateway.recorder.flush();
  const where = conditions(projectId, filters);
  if (cursor) where.push(olderThan(cursor, toolCall.createdAt, toolCall.id, INVALID_CURSOR));
  const rows = await app.db
    .select({
      id: toolCall.id,
      createdAt: toolCall.createdAt,
      toolName: toolCall.toolName,
      serverName: toolCall.serverName,
      channel: toolCall.channel,
      callerName: toolCall.callerName,
      /** The person the call is attributed to, while a member of the organization; else null. */
      personId: organizationMember.userId,
      personName: user.name,
      /** Whether the call is attributed to anyone (a former member when personId is null). */
      attributed: sql<boolean>`${toolCall.userId} is not null`,
      connectionId: toolCall.connectionId,
      /** The served connection's label as it was at the call. */
      connectionLabel: toolCall.connectionLabel,
      status: toolCall.status,
      durationMs: toolCall.durationMs,
      errorMessage: toolCall.errorMessage,
    })
    .from(toolCall)
    .leftJoin(organizationMember, memberOfOrganization(access.project.organizationId))
    .leftJoin(user, eq(user.id, organizationMember.userId))
    .where(and(...where))
    .orderBy(desc(toolCall.createdAt), desc(toolCall.id))
    .limit(CALL_LOG_PAGE_SIZE + 1);
  return pageOf(rows, CALL_LOG_PAGE_SIZE);
}

/**
 * One call in full: its arguments, the error text, who called (the key or client, and the user), and
 * the connection that served it: its label then, its name now and whether it is a personal one.
 */
export async function getProjectCall(
  app: App,
  userId: string,
  input: { projectId: string; callId: string; createdAt: Date },
) {
  const access = await requireProjectAction(app.db, userId, input.projectId, "calls.view");
  const organizationId = access.project.organizationId;
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
      attributed: sql<boolean>`${toolCall.userId} is not null`,
      connectionId: toolCall.connectionId,
      connectionLabel: toolCall.connectionLabel,
      current: connectionColumns,
      status: toolCall.status,
      durationMs: toolCall.durationMs,
      errorMessage: toolCall.errorMessage,
      arguments: toolCall.arguments,
      traceId: toolCall.traceId,
      decision: toolCall.decision,
    })
    .from(toolCall)
    .leftJoin(apiKey, eq(apiKey.id, toolCall.apiKeyId))
    .leftJoin(oauthClient, eq(oauthClient.clientId, toolCall.oauthClientId))
    .leftJoin(organizationMember, memberOfOrganization(organizationId))
    .leftJoin(user, eq(user.id, organizationMember.userId))
    // The connection as it is now, if it still exists in the project's organization.
    .leftJoin(
      integrationConnection,
      and(
        eq(integrationConnection.id, toolCall.connectionId),
        eq(integrationConnection.organizationId, organizationId),
      ),
    )
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
  const { current, connectionId, connectionLabel, ...rest } = call;
  const now = current?.id && current.provider ? { ...current, provider: current.provider } : null;
  return {
    ...rest,
    traceUrl: call.traceId && traceUrl ? traceUrl.replaceAll("{traceId}", call.traceId) : null,
    /** The connection that served the call, or null when none did (standard tools, agents). */
    connection: connectionId
      ? {
          id: connectionId,
          /** Its label (or account) as it was at the call. */
          label: connectionLabel,
          /** Its name now, or null when it no longer exists. */
          currentName: now ? connectionDisplayName(now) : null,
          /** A member's own account (true), one of the organization's shared ones (false), or unknown. */
          personal: now ? now.ownerUserId !== null : null,
        }
      : null,
  };
}

/** A connection as the filter offers it: its label at its latest call here, and its name now. */
function connectionOption(
  id: string,
  storedLabel: string | null,
  now: (Parameters<typeof connectionDisplayName>[0] & { ownerUserId: string | null }) | undefined,
) {
  const currentName = now ? connectionDisplayName(now) : null;
  const personal = now ? now.ownerUserId !== null : null;
  const label = storedLabel ?? currentName ?? "Unnamed connection";
  const renamed = currentName !== null && storedLabel !== null && currentName !== storedLabel;
  return {
    value: id,
    /** The label the log stored at this connection's latest call here (null if none was known). */
    label: storedLabel,
    /** The connection's name now, or null when it no longer exists. */
    currentName,
    personal,
    name: `${label}${personal ? " (personal)" : ""}${renamed ? `, now “${currentName}”` : ""}${now ? "" : " (removed)"}`,
  };
}

/**
 * What the filters offer: the project's servers, its API keys and the OAuth clients people connected,
 * and the people and connections of its latest FILTER_OPTIONS_CALLS calls. People are named only while
 * members of the project's organization. `selected` (the page's current person and connection) is
 * offered too when older than those calls: a person if a member, a connection if it served this project.
 */
export async function getCallLogFilterOptions(
  app: App,
  userId: string,
  projectId: string,
  selected: { person?: string; connection?: string } = {},
) {
  const access = await requireProjectAction(app.db, userId, projectId, "calls.view");
  const organizationId = access.project.organizationId;
  await app.gateway.recorder.flush();
  const recent = app.db
    .select({
      userId: toolCall.userId,
      connectionId: toolCall.connectionId,
      connectionLabel: toolCall.connectionLabel,
      createdAt: toolCall.createdAt,
    })
    .from(toolCall)
    .where(eq(toolCall.projectId, projectId))
    .orderBy(desc(toolCall.createdAt), desc(toolCall.id))
    .limit(FILTER_OPTIONS_CALLS)
    .as("recent");
  const [servers, keys, clients, seen] = await Promise.all([
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
    // One pass over the recent calls: each person and connection pair, its latest time and label.
    app.db
      .select({
        userId: recent.userId,
        connectionId: recent.connectionId,
        latest: sql<string>`max(${recent.createdAt})::text`,
        connectionLabel: sql<
          string | null
        >`(array_agg(${recent.connectionLabel} order by ${recent.createdAt} desc))[1]`,
      })
      .from(recent)
      .groupBy(recent.userId, recent.connectionId),
  ]);

  const personIds = new Set<string>();
  const connections = new Map<string, { label: string | null; latest: number }>();
  for (const row of seen) {
    if (row.userId) personIds.add(row.userId);
    if (!row.connectionId) continue;
    const latest = Date.parse(row.latest);
    const known = connections.get(row.connectionId);
    if (!known || latest > known.latest)
      connections.set(row.connectionId, { label: row.connectionLabel, latest });
  }
  if (selected.person) personIds.add(selected.person);
  if (selected.connection && !connections.has(selected.connection)) {
    // Only a connection that served this project is offered: another project's id stays unnamed.
    const [older] = await app.db
      .select({ label: toolCall.connectionLabel })
      .from(toolCall)
      .where(and(eq(toolCall.projectId, projectId), eq(toolCall.connectionId, selected.connection)))
      .orderBy(desc(toolCall.createdAt), desc(toolCall.id))
      .limit(1);
    if (older) connections.set(selected.connection, { label: older.label, latest: 0 });
  }

  const [people, current] = await Promise.all([
    personIds.size === 0
      ? []
      : app.db
          .select({ id: user.id, name: user.name, email: user.email })
          .from(organizationMember)
          .innerJoin(user, eq(user.id, organizationMember.userId))
          .where(
            and(
              eq(organizationMember.organizationId, organizationId),
              inArray(organizationMember.userId, [...personIds]),
            ),
          )
          .orderBy(user.name, user.email),
    connections.size === 0
      ? []
      : app.db
          .select(connectionColumns)
          .from(integrationConnection)
          .where(
            and(
              eq(integrationConnection.organizationId, organizationId),
              inArray(integrationConnection.id, [...connections.keys()]),
            ),
          ),
  ]);
  const currentById = new Map(current.map((row) => [row.id, row]));

  return {
    servers: [
      { value: STANDARD_SERVER_FILTER, name: "Standard tools" },
      ...servers.map((server) => ({
        value: server.id,
        name: serverDisplayName(server),
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
    people: people.map((person) => ({ value: person.id, name: person.name, email: person.email })),
    connections: [...connections]
      .map(([id, { label }]) => connectionOption(id, label, currentById.get(id)))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
