// A person's own connections, for the account page's "Connected accounts": per organization they belong
// to, their personal connections (provider, account, status, which projects' servers use them) and the
// personal-mode servers still waiting for them to connect. Never tokens; never anyone else's.
import { and, asc, eq, inArray } from "drizzle-orm";
import { integrationRegistry } from "../../../integrations/registry.ts";
import { providers } from "../../../lib/integrations/providers.ts";
import type { IntegrationId, ProviderId } from "../../../lib/integrations/types.ts";
import type { App } from "../../app-services.ts";
import {
  integrationConnection,
  organization,
  organizationMember,
  project,
  projectServer,
} from "../../db/schema/index.ts";
import { findProjectAccess } from "../../projects/access.ts";
import { connectionView } from "./connection-store.ts";

interface ServerUse {
  projectId: string;
  projectName: string;
  serverId: string;
  serverName: string;
  integrationId: IntegrationId;
}

export async function getMyConnections(app: App, userId: string) {
  const memberships = await app.db
    .select({ id: organization.id, name: organization.name })
    .from(organizationMember)
    .innerJoin(organization, eq(organization.id, organizationMember.organizationId))
    .where(eq(organizationMember.userId, userId))
    .orderBy(asc(organization.name));
  if (memberships.length === 0) return [];
  const organizationIds = memberships.map((row) => row.id);
  const [connections, personalServers] = await Promise.all([
    app.db
      .select()
      .from(integrationConnection)
      .where(
        and(
          inArray(integrationConnection.organizationId, organizationIds),
          eq(integrationConnection.ownerUserId, userId),
        ),
      )
      .orderBy(asc(integrationConnection.provider)),
    app.db
      .select({
        organizationId: project.organizationId,
        projectId: project.id,
        projectName: project.name,
        serverId: projectServer.id,
        serverName: projectServer.name,
        integrationId: projectServer.integrationId,
      })
      .from(projectServer)
      .innerJoin(project, eq(project.id, projectServer.projectId))
      .where(
        and(inArray(project.organizationId, organizationIds), eq(projectServer.connectionMode, "personal")),
      )
      .orderBy(asc(project.name), asc(projectServer.name)),
  ]);
  // Only the projects the person can reach: a server elsewhere in the organization is not theirs to see.
  const reachable = new Map<string, boolean>();
  for (const server of personalServers) {
    if (!reachable.has(server.projectId)) {
      reachable.set(server.projectId, (await findProjectAccess(app.db, server.projectId, userId)) !== null);
    }
  }
  const uses = new Map<string, ServerUse[]>();
  for (const server of personalServers) {
    if (!reachable.get(server.projectId) || !(server.integrationId in integrationRegistry)) continue;
    const provider = integrationRegistry[server.integrationId].provider;
    const key = `${server.organizationId}:${provider}`;
    uses.set(key, [...(uses.get(key) ?? []), server]);
  }
  return memberships.map((membership) => {
    const own = connections.filter((row) => row.organizationId === membership.id);
    const connected = new Set(own.map((row) => row.provider));
    const waiting = new Map<ProviderId, ServerUse[]>();
    for (const [key, servers] of uses) {
      const [organizationId, provider] = key.split(":") as [string, ProviderId];
      if (organizationId === membership.id && !connected.has(provider)) waiting.set(provider, servers);
    }
    return {
      organizationId: membership.id,
      organizationName: membership.name,
      connections: own.map((row) => ({
        ...connectionView(row),
        usedBy: uses.get(`${membership.id}:${row.provider}`) ?? [],
      })),
      /** Providers that personal-mode servers of the person's projects need and they have not connected. */
      waiting: [...waiting].map(([provider, servers]) => ({
        provider,
        providerName: providers[provider].name,
        integrationId: servers[0]?.integrationId as IntegrationId,
        usedBy: servers,
      })),
    };
  });
}
export type MyConnections = Awaited<ReturnType<typeof getMyConnections>>;
