// marketplace.* (requirements §7): the preset agents, and for a given organization which of the integrations
// each one needs it has connected, so a person sees what to set up before adding it.
import { and, eq, isNull } from "drizzle-orm";
import { integrationProvider, integrations } from "../../integrations/catalogue.ts";
import {
  findMarketplaceAgent,
  type MarketplaceAgent,
  marketplaceAgents,
} from "../../lib/agents/marketplace.ts";
import { AppError } from "../../lib/errors.ts";
import type { IntegrationId, ProviderId } from "../../lib/integrations/types.ts";
import type { Database } from "../db/client.ts";
import { integrationConnection } from "../db/schema/index.ts";
import { requireOrganizationAction } from "../organizations/access.ts";
import { UNKNOWN_PRESET } from "./project-agents.ts";

const nameOf = new Map(integrations.map((entry) => [entry.id, entry.name]));

async function connectedProviders(db: Database, userId: string, organizationId: string) {
  await requireOrganizationAction(db, userId, organizationId, "integrations.view");
  const rows = await db
    .select({ provider: integrationConnection.provider })
    .from(integrationConnection)
    .where(
      and(
        eq(integrationConnection.organizationId, organizationId),
        eq(integrationConnection.status, "active"),
        // An external user's own account is theirs alone, not the organization's.
        isNull(integrationConnection.externalUserId),
      ),
    );
  return new Set<ProviderId>(rows.map((row) => row.provider));
}

function present(agent: MarketplaceAgent, connected: Set<ProviderId> | null) {
  const requires = agent.requires.map((requirement) => {
    const options = requirement.anyOf.map((id: IntegrationId) => ({
      id,
      name: nameOf.get(id) ?? id,
      connected: connected ? connected.has(integrationProvider[id]) : null,
    }));
    return {
      label: requirement.label,
      options,
      /** null when no organization was given. */
      met: connected ? options.some((option) => option.connected) : null,
    };
  });
  return {
    ...agent,
    requires,
    ready: connected ? requires.every((requirement) => requirement.met) : null,
  };
}

export async function getAvailableAgents(db: Database, userId: string, organizationId?: string) {
  const connected = organizationId ? await connectedProviders(db, userId, organizationId) : null;
  return marketplaceAgents.map((agent) => present(agent, connected));
}

export async function getAgentById(db: Database, userId: string, id: string, organizationId?: string) {
  const agent = findMarketplaceAgent(id);
  if (!agent) throw new AppError("NOT_FOUND", UNKNOWN_PRESET);
  const connected = organizationId ? await connectedProviders(db, userId, organizationId) : null;
  return present(agent, connected);
}
