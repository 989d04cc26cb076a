// A remote MCP server's listing compared with its pinned definitions (issue 37 item 6): what agents
// get is the tools whose definition is the accepted one; a changed or added tool is held back, its
// change recorded for review and mailed to the project's admins once. Runs when a listing is (re)loaded,
// never per call: a call only compares the hash handed to the engine (server-tools.ts).
import type { App } from "../../app-services.ts";
import type { EngineTool } from "../../integrations/engine/engine.ts";
import { toolDefinition, toolHash } from "../../integrations/engine/tool-definition.ts";
import type { ServerRecord } from "../server-store.ts";
import { changedFields, type HeldTool } from "./changed-fields.ts";
import { type DetectedChange, mailDefinitionChanges } from "./pin-alerts.ts";
import {
  forgetTools,
  type ObservedTool,
  type PinState,
  readPinState,
  recordBaseline,
  recordChange,
  recordNewTool,
} from "./pin-store.ts";

export type PinnedTool = EngineTool & { pinnedHash: string };

export interface PinnedListing {
  tools: PinnedTool[];
  held: HeldTool[];
}

export async function reconcilePins(
  app: App,
  server: ServerRecord,
  listed: EngineTool[],
  state: PinState,
): Promise<PinnedListing> {
  const observed = listed.map((tool) => ({
    tool,
    seen: { name: tool.name, definition: toolDefinition(tool), hash: toolHash(tool) } satisfies ObservedTool,
  }));
  const allowed = () => observed.map(({ tool, seen }) => ({ ...tool, pinnedHash: seen.hash }));
  if (!state.pinnedAt) {
    // The first listing (the server was just added, or existed before pinning): what it shows is trusted.
    if (
      await recordBaseline(
        app.db,
        server.id,
        observed.map(({ seen }) => seen),
      )
    ) {
      return { tools: allowed(), held: [] };
    }
    // Another listing recorded it meanwhile: hold back whatever differs from that record. (Still
    // unrecorded means the server was removed meanwhile: it offers nothing.)
    const recorded = await readPinState(app.db, server.id);
    if (!recorded.pinnedAt) return { tools: [], held: [] };
    return reconcilePins(app, server, listed, recorded);
  }
  const tools: PinnedTool[] = [];
  const held: HeldTool[] = [];
  const detected: DetectedChange[] = [];
  for (const { tool, seen } of observed) {
    const pin = state.pins.get(tool.name);
    if (!pin) {
      const added: HeldTool = {
        name: tool.name,
        kind: "added",
        fields: changedFields(null, seen.definition),
      };
      held.push(added);
      if (await recordNewTool(app.db, server.id, seen)) detected.push(added);
      continue;
    }
    if (pin.acceptedHash === seen.hash && pin.pendingHash === null) {
      tools.push({ ...tool, pinnedHash: seen.hash });
      continue;
    }
    const change: HeldTool = {
      name: tool.name,
      kind: pin.acceptedDefinition ? "changed" : "added",
      fields: changedFields(pin.acceptedDefinition, seen.definition),
    };
    held.push(change);
    // Known already: under review, rejected, or the upstream is back to the accepted definition while a
    // review is open (the admin's decision ends it).
    if ([pin.acceptedHash, pin.pendingHash, pin.rejectedHash].includes(seen.hash)) continue;
    if (await recordChange(app.db, pin, seen)) detected.push(change);
  }
  const listedNames = new Set(listed.map((tool) => tool.name));
  await forgetTools(
    app.db,
    server.id,
    [...state.pins.keys()].filter((name) => !listedNames.has(name)),
  );
  if (detected.length > 0) {
    mailDefinitionChanges(app, server, detected);
    // Other replicas may still offer the old definitions: they reload, and their next listing is fresh.
    await app.gateway.invalidateProject(server.projectId);
  }
  return { tools, held };
}
