// A project's servers as its members see and manage them: list (viewers), add and remove (editors and
// admins). Every change reaches the project's /mcp at once on every replica (gateway.invalidateProject).
import { and, eq } from "drizzle-orm";
import { integrations } from "../../integrations/catalogue.ts";
import { AppError } from "../../lib/errors.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { ConnectionStatus, IntegrationId } from "../../lib/integrations/types.ts";
import type { App } from "../app.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { integrationConnection, projectServer } from "../db/schema/index.ts";
import { requireProjectAction } from "../projects/access.ts";
import {
  disabledToolsOf,
  findServer,
  integrationOf,
  type ServerRecord,
  serversOfProject,
} from "./server-store.ts";
import { listServerTools } from "./server-tools.ts";

export const SERVER_NOT_FOUND = "Server not found";

async function connectionsOf(db: Database, organizationId: string) {
  const rows = await db
    .select({
      provider: integrationConnection.provider,
      status: integrationConnection.status,
      statusReason: integrationConnection.statusReason,
    })
    .from(integrationConnection)
    .where(eq(integrationConnection.organizationId, organizationId));
  return new Map(rows.map((row) => [row.provider, row]));
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
  const [connections, disabled, listings] = await Promise.all([
    connectionsOf(app.db, access.project.organizationId),
    disabledToolsOf(
      app.db,
      servers.map((server) => server.id),
    ),
    Promise.all(servers.map((server) => listServerTools(app, server))),
  ]);
  return servers.map((server, index) => {
    const listing = listings[index] ?? { ok: false as const, reason: "Not listed" };
    const info = describe(server.integrationId);
    const connection = connections.get(info.provider);
    const off = disabled.get(server.id) ?? new Set<string>();
    const tools = listing.ok ? listing.tools : [];
    return {
      id: server.id,
      ...info,
      createdAt: server.createdAt,
      connectionStatus: (connection?.status ?? null) as ConnectionStatus | null,
      /** Why the server offers no tools now (connection broken, upstream unreachable); null when fine. */
      problem: listing.ok ? null : listing.reason,
      toolCount: tools.length,
      enabledToolCount: tools.filter((tool) => !off.has(tool.name)).length,
    };
  });
}

/** The 19 integrations with whether the organization is connected and the project has it already. */
export async function getAvailableIntegrations(app: App, userId: string, projectId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "project.view");
  const connections = await connectionsOf(app.db, access.project.organizationId);
  const added = new Set((await serversOfProject(app.db, projectId)).map((server) => server.integrationId));
  return integrations.map((entry) => {
    const connection = connections.get(entry.provider);
    return {
      ...describe(entry.id),
      category: entry.category,
      connectionStatus: (connection?.status ?? null) as ConnectionStatus | null,
      connectionReason: connection?.statusReason ?? null,
      added: added.has(entry.id),
    };
  });
}

export async function addServer(
  app: App,
  userId: string,
  projectId: string,
  integrationId: IntegrationId,
): Promise<ServerRecord> {
  const access = await requireProjectAction(app.db, userId, projectId, "servers.manage");
  const info = describe(integrationId);
  const connection = (await connectionsOf(app.db, access.project.organizationId)).get(info.provider);
  if (connection?.status !== "active") {
    throw new AppError(
      "BAD_REQUEST",
      `Connect ${info.providerName} on the organization's integrations page before adding ${info.name}.`,
    );
  }
  const row = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(projectServer)
      .values({ projectId, integrationId, createdBy: userId })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw new AppError("BAD_REQUEST", `${info.name} is already a server of this project.`);
    await recordAuditEvent(tx, {
      organizationId: access.project.organizationId,
      action: "server.added",
      actorId: userId,
      project: access.project,
      target: { type: "server", id: inserted.id, label: info.name },
      details: { integrationId },
    });
    return inserted;
  });
  await app.gateway.invalidateProject(projectId);
  return { ...row, organizationId: access.project.organizationId };
}

export async function removeServer(app: App, userId: string, projectId: string, serverId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "servers.manage");
  const server = await requireServerOf(app.db, projectId, serverId);
  await app.db.transaction(async (tx) => {
    await tx
      .delete(projectServer)
      .where(and(eq(projectServer.id, server.id), eq(projectServer.projectId, projectId)));
    await recordAuditEvent(tx, {
      organizationId: access.project.organizationId,
      action: "server.removed",
      actorId: userId,
      project: access.project,
      target: { type: "server", id: server.id, label: describe(server.integrationId).name },
      details: { integrationId: server.integrationId },
    });
  });
  await app.gateway.invalidateProject(projectId);
  return { id: server.id };
}
