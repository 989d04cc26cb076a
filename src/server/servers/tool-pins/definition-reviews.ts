// The review of held-back tool definitions: a project's pending changes with their readable
// difference (members see them), and an admin's decision. Accepting makes the upstream's definition
// the pinned one and gives agents the tool; rejecting keeps the old definition pinned and the tool held
// while the upstream serves the rejected one (a later, different change is reviewed and mailed anew).
// Both are in the audit log and reach /mcp on every replica at once.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { AppError } from "../../../lib/errors.ts";
import type { App } from "../../app-services.ts";
import { recordProjectAuditEvent } from "../../audit/record-audit-event.ts";
import { projectServer, serverToolPin } from "../../db/schema/index.ts";
import { requireProjectAction } from "../../projects/access.ts";
import { requireServerOf } from "../project-servers.ts";
import { gatewayToolName, serverDisplayName } from "../server-names.ts";
import { integrationOf, serversOfProject } from "../server-store.ts";
import { listServerTools } from "../server-tools.ts";
import { changedFields, fieldLabels } from "./changed-fields.ts";
import { definitionDiff } from "./definition-diff.ts";
import { packUpdatesOf } from "./pack-versions.ts";
import { describeChange } from "./pin-alert-text.ts";

export async function getDefinitionReviews(app: App, userId: string, projectId: string) {
  await requireProjectAction(app.db, userId, projectId, "project.view");
  const projectServers = await serversOfProject(app.db, projectId);
  // Each remote server's listing (cached by the engine) first, so what the page shows is up to date
  // with what the upstreams offer now: the comparison records what changed (reconcile-pins.ts).
  await Promise.all(
    projectServers
      .filter((server) => integrationOf(server.integrationId).sourceType === "mcp")
      .map((server) => listServerTools(app, server)),
  );
  const servers = new Map(projectServers.map((server) => [server.id, server]));
  const rows = await app.db
    .select({ pin: serverToolPin })
    .from(serverToolPin)
    .innerJoin(projectServer, eq(projectServer.id, serverToolPin.serverId))
    .where(and(eq(projectServer.projectId, projectId), isNotNull(serverToolPin.pendingHash)))
    .orderBy(asc(serverToolPin.pendingSince), asc(serverToolPin.toolName));
  return rows.flatMap(({ pin }) => {
    const server = servers.get(pin.serverId);
    if (!server || !pin.pendingDefinition || !pin.pendingHash || !pin.pendingSince) return [];
    const kind = pin.acceptedDefinition ? ("changed" as const) : ("added" as const);
    const fields = changedFields(pin.acceptedDefinition, pin.pendingDefinition);
    return [
      {
        serverId: server.id,
        serverName: serverDisplayName(server),
        toolName: pin.toolName,
        /** The name agents will call it by once accepted. */
        gatewayName: gatewayToolName(server.name, pin.toolName),
        kind,
        summary: describeChange({ name: pin.toolName, kind, fields }),
        /** Names the definition under review: a decision on an older one is refused. */
        revision: pin.pendingHash,
        detectedAt: pin.pendingSince,
        title: pin.pendingDefinition.title,
        diff: definitionDiff(pin.acceptedDefinition, pin.pendingDefinition),
      },
    ];
  });
}

export type DefinitionReview = Awaited<ReturnType<typeof getDefinitionReviews>>[number];

export interface DefinitionDecision {
  projectId: string;
  serverId: string;
  toolName: string;
  revision: string;
  decision: "accept" | "reject";
}

export async function decideDefinitionReview(app: App, userId: string, input: DefinitionDecision) {
  const access = await requireProjectAction(app.db, userId, input.projectId, "tools.reviewDefinitions");
  const server = await requireServerOf(app.db, input.projectId, input.serverId);
  const now = new Date();
  await app.db.transaction(async (tx) => {
    const key = and(
      eq(serverToolPin.serverId, server.id),
      eq(serverToolPin.toolName, input.toolName),
      eq(serverToolPin.pendingHash, input.revision),
    );
    const [pin] = await tx.select().from(serverToolPin).where(key).for("update");
    if (!pin?.pendingDefinition) {
      throw new AppError(
        "BAD_REQUEST",
        "This change is no longer waiting for review: it was decided, or the server changed the tool again. Reload to see what awaits review now.",
      );
    }
    const fields = changedFields(pin.acceptedDefinition, pin.pendingDefinition);
    const cleared = { pendingDefinition: null, pendingHash: null, pendingSince: null, updatedAt: now };
    await tx
      .update(serverToolPin)
      .set(
        input.decision === "accept"
          ? {
              ...cleared,
              acceptedDefinition: pin.pendingDefinition,
              acceptedHash: pin.pendingHash,
              rejectedHash: null,
            }
          : { ...cleared, rejectedHash: pin.pendingHash },
      )
      .where(key);
    await recordProjectAuditEvent(tx, access.project, {
      action: input.decision === "accept" ? "tool_definition.accepted" : "tool_definition.rejected",
      actorId: userId,
      target: { type: "server", id: server.id, label: serverDisplayName(server) },
      details: {
        tool: gatewayToolName(server.name, input.toolName),
        change: pin.acceptedDefinition ? "changed" : "added",
        fields: fields.map((field) => fieldLabels[field]).join(", "),
      },
    });
  });
  await app.gateway.invalidateProject(input.projectId);
  return { toolName: input.toolName, decision: input.decision };
}

/** Integration packs a Portico upgrade changed since the project's servers of them were added (not held back). */
export async function getToolPackUpdates(app: App, userId: string, projectId: string) {
  await requireProjectAction(app.db, userId, projectId, "project.view");
  const servers = await serversOfProject(app.db, projectId);
  const byId = new Map(servers.map((server) => [server.id, server]));
  return (await packUpdatesOf(app.db, servers)).flatMap((update) => {
    const server = byId.get(update.serverId);
    if (!server) return [];
    const named = (names: string[]) => names.map((name) => gatewayToolName(server.name, name));
    return [
      {
        ...update,
        serverName: serverDisplayName(server),
        changed: named(update.changed),
        added: named(update.added),
        removed: named(update.removed),
      },
    ];
  });
}
