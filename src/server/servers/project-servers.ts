// A project's servers as its members see and manage them: list (viewers), add, change and remove
// (editors and admins). A server uses a shared connection (named, or the organization's default) or each
// caller's own (personal mode); its short name prefixes its tools. Every change reaches the project's
// /mcp at once on every replica (gateway.invalidateProject).
import { and, asc, eq, or } from "drizzle-orm";
import { integrations } from "../../integrations/catalogue.ts";
import { AppError } from "../../lib/errors.ts";
import { connectsWithoutOAuthApp, isAuthFlowAllowed, providers } from "../../lib/integrations/providers.ts";
import {
  type ConnectionStatus,
  type IntegrationId,
  type ProviderId,
  providerIds,
} from "../../lib/integrations/types.ts";
import { SERVER_NAME_MAX_LENGTH, type ServerConnectionMode } from "../../lib/validation.ts";
import type { App } from "../app-services.ts";
import { recordProjectAuditEvent } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { integrationConnection, integrationCredential, projectServer, user } from "../db/schema/index.ts";
import {
  connectionDisplayName,
  personalConnectionsOf,
  sharedConnectionRows,
} from "../integrations/connections/connection-store.ts";
import { projectMemberIds, requireProjectAction } from "../projects/access.ts";
import {
  disabledToolsOf,
  findServer,
  integrationOf,
  type ServerRecord,
  serversOfProject,
} from "./server-store.ts";
import { defaultServerName, listServerTools, serverDisplayName } from "./server-tools.ts";

export const SERVER_NOT_FOUND = "Server not found";

/** The organization's shared connections: the default (first) per provider, and all of them by id. */
async function sharedConnectionsOf(db: Database, organizationId: string) {
  const rows = await sharedConnectionRows(db, organizationId);
  const byProvider = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byProvider.has(row.provider)) byProvider.set(row.provider, row);
  return { byProvider, byId: new Map(rows.map((row) => [row.id, row])) };
}

/**
 * The providers whose members can connect their own accounts: OAuth with an app to sign in through
 * (the organization's own or Portico's), or a remote MCP server that registers its own client.
 */
async function personalModeProviders(db: Database, organizationId: string): Promise<Set<ProviderId>> {
  const apps = await db
    .selectDistinct({ provider: integrationCredential.provider })
    .from(integrationCredential)
    .where(
      and(
        eq(integrationCredential.authFlow, "oauth"),
        or(
          eq(integrationCredential.organizationId, organizationId),
          eq(integrationCredential.scope, "global"),
        ),
      ),
    );
  const ready = new Set(apps.map((row) => row.provider));
  for (const provider of providerIds) if (connectsWithoutOAuthApp(provider)) ready.add(provider);
  return new Set([...ready].filter((provider) => isAuthFlowAllowed(provider, "oauth")));
}

/** Who in the project has connected their own account to each provider (names only), for personal servers. */
async function personalConnectorsOf(db: Database, organizationId: string, projectId: string) {
  const rows = await db
    .select({
      provider: integrationConnection.provider,
      status: integrationConnection.status,
      userId: integrationConnection.ownerUserId,
      name: user.name,
    })
    .from(integrationConnection)
    .innerJoin(user, eq(user.id, integrationConnection.ownerUserId))
    .where(personalConnectionsOf(organizationId))
    .orderBy(asc(user.name));
  const members = new Set(await projectMemberIds(db, projectId));
  const byProvider = new Map<string, { userId: string; name: string; status: ConnectionStatus }[]>();
  for (const row of rows) {
    if (!row.userId || !members.has(row.userId)) continue;
    const list = byProvider.get(row.provider) ?? [];
    list.push({ userId: row.userId, name: row.name, status: row.status });
    byProvider.set(row.provider, list);
  }
  return byProvider;
}

function describe(integrationId: IntegrationId) {
  const { entry, provider, sourceType } = integrationOf(integrationId);
  return {
    integrationId,
    name: entry.name,
    description: entry.description,
    logo: entry.logo,
    sourceType,
    provider,
    providerName: providers[provider].name,
  };
}

/** The server of this project, or NOT_FOUND (also for another project's server id). */
export async function requireServerOf(db: Database, projectId: string, serverId: string) {
  const server = await findServer(db, serverId);
  if (!server || server.projectId !== projectId) throw new AppError("NOT_FOUND", SERVER_NOT_FOUND);
  return server;
}

export async function getProjectServers(app: App, userId: string, projectId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "project.view");
  const servers = await serversOfProject(app.db, projectId);
  const organizationId = access.project.organizationId;
  const [shared, connectors, disabled, listings] = await Promise.all([
    sharedConnectionsOf(app.db, organizationId),
    personalConnectorsOf(app.db, organizationId, projectId),
    disabledToolsOf(
      app.db,
      servers.map((server) => server.id),
    ),
    Promise.all(servers.map((server) => listServerTools(app, server))),
  ]);
  return servers.map((server, index) => {
    const listing = listings[index] ?? { ok: false as const, reason: "Not listed" };
    const info = describe(server.integrationId);
    const personal = server.connectionMode === "personal";
    const connection = personal
      ? undefined
      : server.connectionId
        ? shared.byId.get(server.connectionId)
        : shared.byProvider.get(info.provider);
    const connected = personal ? (connectors.get(info.provider) ?? []) : [];
    const off = disabled.get(server.id) ?? new Set<string>();
    const tools = listing.ok ? listing.tools : [];
    return {
      id: server.id,
      ...info,
      /** The server's short name: its tools are `<name>_<tool>`. */
      serverName: server.name,
      displayName: serverDisplayName(server),
      connectionMode: server.connectionMode,
      /** The shared connection it uses (null in personal mode, or when the organization has none). */
      connection: connection
        ? {
            id: connection.id,
            displayName: connectionDisplayName(connection),
            named: server.connectionId !== null,
          }
        : null,
      /** Personal mode: the project's members who have connected their own account (names, statuses). */
      connectedMembers: connected,
      /** Whether the signed-in person has connected their own account (personal mode). */
      connectedByMe: connected.some((member) => member.userId === userId && member.status === "active"),
      createdAt: server.createdAt,
      connectionStatus: personal
        ? ("active" as ConnectionStatus)
        : ((connection?.status ?? null) as ConnectionStatus | null),
      /** Why the server offers no tools now (connection broken, upstream unreachable); null when fine. */
      problem: listing.ok ? null : listing.reason,
      toolCount: tools.length,
      /** Remote MCP tools held back until an admin reviews their changed or new definition. */
      heldToolCount: listing.ok ? listing.held.length : 0,
      enabledToolCount: tools.filter((tool) => !off.has(tool.name)).length,
    };
  });
}

/** The 19 integrations with whether the organization is connected and the project has it already. */
export async function getAvailableIntegrations(app: App, userId: string, projectId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "project.view");
  const organizationId = access.project.organizationId;
  const [shared, servers, personalReady] = await Promise.all([
    sharedConnectionsOf(app.db, organizationId),
    serversOfProject(app.db, projectId),
    personalModeProviders(app.db, organizationId),
  ]);
  const added = new Set(servers.map((server) => server.integrationId));
  const takenNames = new Set(servers.map((server) => server.name));
  return integrations.map((entry) => {
    const connection = shared.byProvider.get(entry.provider);
    return {
      ...describe(entry.id),
      category: entry.category,
      connectionStatus: (connection?.status ?? null) as ConnectionStatus | null,
      connectionReason: connection?.statusReason ?? null,
      added: added.has(entry.id),
      /** A free name for another server of it ("gmail", else "gmail_2", …). */
      suggestedName: freeServerName(defaultServerName(entry.id), takenNames),
      /** Its provider's shared connections a server can name (labels, never tokens). */
      sharedConnections: [...shared.byId.values()]
        .filter((row) => row.provider === entry.provider)
        .map((row) => ({ id: row.id, displayName: connectionDisplayName(row), status: row.status })),
      /** Personal mode needs a sign-in each person makes: OAuth providers with an app to sign in through. */
      personalModeAvailable: personalReady.has(entry.provider),
    };
  });
}

function freeServerName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, SERVER_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface ServerSetup {
  /** The tools' prefix; the integration id (with "_") when absent. */
  name?: string;
  connectionMode?: ServerConnectionMode;
  /** Shared mode: which of the organization's shared connections; absent: its default one. */
  connectionId?: string | null;
}

/** Checks a server's connection setup against the organization's connections; the values to store. */
async function checkedSetup(
  db: Database,
  organizationId: string,
  integrationId: IntegrationId,
  setup: ServerSetup,
) {
  const info = describe(integrationId);
  const mode = setup.connectionMode ?? "shared";
  if (mode === "personal") {
    if (!isAuthFlowAllowed(info.provider, "oauth")) {
      throw new AppError(
        "BAD_REQUEST",
        `${info.providerName} connects with a key the organization saves, so ${info.name} cannot use each caller's own account.`,
      );
    }
    if (!(await personalModeProviders(db, organizationId)).has(info.provider)) {
      throw new AppError(
        "BAD_REQUEST",
        `Save an OAuth app for ${info.providerName} on the organization's integrations page first: members connect their own accounts through it.`,
      );
    }
    return { connectionMode: mode, connectionId: null };
  }
  const connectionId = setup.connectionId ?? null;
  const { byProvider, byId } = await sharedConnectionsOf(db, organizationId);
  const connection = connectionId ? byId.get(connectionId) : byProvider.get(info.provider);
  if (connectionId && (!connection || connection.provider !== info.provider)) {
    throw new AppError(
      "BAD_REQUEST",
      `That ${info.providerName} connection is not one of the organization's.`,
    );
  }
  if (connection?.status !== "active") {
    throw new AppError(
      "BAD_REQUEST",
      `Connect ${info.providerName} on the organization's integrations page before adding ${info.name}.`,
    );
  }
  return { connectionMode: mode, connectionId };
}

const nameTaken = (name: string) =>
  new AppError("BAD_REQUEST", `This project already has a server named ${name}. Give this one another name.`);

export async function addServer(
  app: App,
  userId: string,
  projectId: string,
  integrationId: IntegrationId,
  setup: ServerSetup = {},
): Promise<ServerRecord> {
  const access = await requireProjectAction(app.db, userId, projectId, "servers.manage");
  const info = describe(integrationId);
  const checked = await checkedSetup(app.db, access.project.organizationId, integrationId, setup);
  const name = setup.name ?? defaultServerName(integrationId);
  const row = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(projectServer)
      .values({ projectId, integrationId, name, ...checked, createdBy: userId })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      // Said as before when the integration's own name is taken: most projects add each integration once.
      if (setup.name === undefined) {
        throw new AppError("BAD_REQUEST", `${info.name} is already a server of this project.`);
      }
      throw nameTaken(name);
    }
    await recordProjectAuditEvent(tx, access.project, {
      action: "server.added",
      actorId: userId,
      target: { type: "server", id: inserted.id, label: serverDisplayName(inserted) },
      details: { integrationId, name, connectionMode: checked.connectionMode },
    });
    return inserted;
  });
  await app.gateway.invalidateProject(projectId);
  const server = { ...row, organizationId: access.project.organizationId };
  // A remote MCP server's tool definitions are recorded now (tool-pins/): later changes are reviewed.
  // A listing that fails here records them on the first one that works.
  if (info.sourceType === "mcp") await listServerTools(app, server);
  return server;
}

/**
 * Renames a server (its tools' prefix: agents that call the old names must be told) or changes whose
 * account it uses. A name is kept unique by the database's index, so two renames cannot race into one.
 */
export async function updateServer(
  app: App,
  userId: string,
  projectId: string,
  serverId: string,
  setup: ServerSetup,
) {
  const access = await requireProjectAction(app.db, userId, projectId, "servers.manage");
  const server = await requireServerOf(app.db, projectId, serverId);
  const connectionChanges =
    setup.connectionMode !== undefined || setup.connectionId !== undefined
      ? await checkedSetup(app.db, access.project.organizationId, server.integrationId, {
          connectionMode: setup.connectionMode ?? server.connectionMode,
          connectionId: setup.connectionId === undefined ? server.connectionId : setup.connectionId,
        })
      : {};
  const changes = { ...(setup.name !== undefined ? { name: setup.name } : {}), ...connectionChanges };
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(projectServer)
      .set(changes)
      .where(and(eq(projectServer.id, server.id), eq(projectServer.projectId, projectId)))
      .returning()
      .catch((error: unknown) => {
        if (setup.name !== undefined && isUniqueViolation(error)) throw nameTaken(setup.name);
        throw error;
      });
    if (!row) throw new AppError("NOT_FOUND", SERVER_NOT_FOUND);
    await recordProjectAuditEvent(tx, access.project, {
      action: "server.updated",
      actorId: userId,
      target: { type: "server", id: row.id, label: serverDisplayName(row) },
      details: {
        integrationId: row.integrationId,
        name: row.name,
        previousName: server.name,
        connectionMode: row.connectionMode,
      },
    });
    return row;
  });
  await app.gateway.invalidateProject(projectId);
  return {
    id: updated.id,
    name: updated.name,
    connectionMode: updated.connectionMode,
    connectionId: updated.connectionId,
  };
}

export async function removeServer(app: App, userId: string, projectId: string, serverId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "servers.manage");
  const server = await requireServerOf(app.db, projectId, serverId);
  await app.db.transaction(async (tx) => {
    await tx
      .delete(projectServer)
      .where(and(eq(projectServer.id, server.id), eq(projectServer.projectId, projectId)));
    await recordProjectAuditEvent(tx, access.project, {
      action: "server.removed",
      actorId: userId,
      target: { type: "server", id: server.id, label: serverDisplayName(server) },
      details: { integrationId: server.integrationId },
    });
  });
  await app.gateway.invalidateProject(projectId);
  return { id: server.id };
}
