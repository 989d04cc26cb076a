// Integration packs are Portico's own tool definitions (OpenAPI documents and code tools), so they are
// pinned by version rather than reviewed: each process records its packs' version at start (a hash per
// pack, with each tool's hash), and a project whose server was added before its pack last changed is
// shown what the Portico upgrade changed. Nothing is held back: the definitions ship with Portico.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { desc, inArray } from "drizzle-orm";
import { integrationRegistry } from "../../../integrations/registry.ts";
import { integrationIds } from "../../../lib/integrations/ids.ts";
import type { IntegrationId } from "../../../lib/integrations/types.ts";
import type { Database } from "../../db/client.ts";
import { integrationPackVersion } from "../../db/schema/index.ts";
import { openApiListedTools } from "../../integrations/engine/openapi/openapi-engine.ts";
import { toolHash } from "../../integrations/engine/tool-definition.ts";
import type { ServerRecord } from "../server-store.ts";

const packIds = () => integrationIds.filter((id) => integrationRegistry[id].sourceType === "openapi");

export function packVersionOf(integrationId: IntegrationId) {
  const toolHashes = Object.fromEntries(
    openApiListedTools(integrationId).map((tool) => [tool.name, toolHash(tool)] as const),
  );
  const hash = createHash("sha256")
    .update(canonicalize(toolHashes) ?? "")
    .digest("hex");
  return { hash, toolHashes };
}

/** Records this build's version of every pack; a version seen before is left as it was (idempotent). */
export async function recordPackVersions(db: Database): Promise<void> {
  await db
    .insert(integrationPackVersion)
    .values(packIds().map((integrationId) => ({ integrationId, ...packVersionOf(integrationId) })))
    .onConflictDoNothing();
}

export interface PackUpdate {
  serverId: string;
  integrationId: IntegrationId;
  /** When this version was first run. */
  updatedAt: Date;
  version: string;
  changed: string[];
  added: string[];
  removed: string[];
}

/** The servers whose pack changed (a Portico upgrade) since they were added, and what it changed. */
export async function packUpdatesOf(db: Database, servers: ServerRecord[]): Promise<PackUpdate[]> {
  const packs = [...new Set(servers.map((server) => server.integrationId))].filter(
    (id) => integrationRegistry[id].sourceType === "openapi",
  );
  if (packs.length === 0) return [];
  const rows = await db
    .select()
    .from(integrationPackVersion)
    .where(inArray(integrationPackVersion.integrationId, packs))
    .orderBy(desc(integrationPackVersion.recordedAt));
  return servers.flatMap((server) => {
    const [latest, previous] = rows.filter((row) => row.integrationId === server.integrationId);
    if (!latest || !previous || latest.recordedAt <= server.createdAt) return [];
    const before = previous.toolHashes;
    const after = latest.toolHashes;
    const names = (hashes: Record<string, string>) => Object.keys(hashes).sort();
    return [
      {
        serverId: server.id,
        integrationId: server.integrationId,
        updatedAt: latest.recordedAt,
        version: latest.hash.slice(0, 12),
        changed: names(after).filter((name) => name in before && before[name] !== after[name]),
        added: names(after).filter((name) => !(name in before)),
        removed: names(before).filter((name) => !(name in after)),
      },
    ];
  });
}
