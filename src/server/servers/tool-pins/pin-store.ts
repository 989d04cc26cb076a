// Reading and writing a server's pinned tool definitions (db/schema/tool-pins.ts). Every write sets
// updated_at from this process's clock, which the next listing compares with its cached list's age.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { projectServer, serverToolPin } from "../../db/schema/index.ts";
import type { ToolDefinition } from "../../integrations/engine/tool-definition.ts";

export type PinRow = typeof serverToolPin.$inferSelect;

export interface PinState {
  /** Null: the server's definitions were never recorded (its first successful listing records them). */
  pinnedAt: Date | null;
  pins: Map<string, PinRow>;
  /** The latest write to the server's pins: a tool list fetched before it is read again. */
  lastWrite: Date | null;
}

export async function readPinState(db: Database, serverId: string): Promise<PinState> {
  const rows = await db
    .select({ pinnedAt: projectServer.toolsPinnedAt, pin: serverToolPin })
    .from(projectServer)
    .leftJoin(serverToolPin, eq(serverToolPin.serverId, projectServer.id))
    .where(eq(projectServer.id, serverId));
  const pins = new Map<string, PinRow>();
  let lastWrite: Date | null = null;
  for (const row of rows) {
    if (!row.pin) continue;
    pins.set(row.pin.toolName, row.pin);
    if (!lastWrite || row.pin.updatedAt > lastWrite) lastWrite = row.pin.updatedAt;
  }
  return { pinnedAt: rows[0]?.pinnedAt ?? null, pins, lastWrite };
}

export interface ObservedTool {
  name: string;
  definition: ToolDefinition;
  hash: string;
}

/** Records the server's first list as accepted; false when another listing recorded it first. */
export async function recordBaseline(
  db: Database,
  serverId: string,
  tools: ObservedTool[],
): Promise<boolean> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(projectServer)
      .set({ toolsPinnedAt: now })
      .where(and(eq(projectServer.id, serverId), isNull(projectServer.toolsPinnedAt)))
      .returning({ id: projectServer.id });
    if (!claimed) return false;
    if (tools.length > 0) {
      await tx
        .insert(serverToolPin)
        .values(
          tools.map((tool) => ({
            serverId,
            toolName: tool.name,
            acceptedDefinition: tool.definition,
            acceptedHash: tool.hash,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing();
    }
    return true;
  });
}

/** A tool the upstream added: held for review. False when it was recorded already (by another listing). */
export async function recordNewTool(db: Database, serverId: string, tool: ObservedTool): Promise<boolean> {
  const now = new Date();
  const inserted = await db
    .insert(serverToolPin)
    .values({
      serverId,
      toolName: tool.name,
      pendingDefinition: tool.definition,
      pendingHash: tool.hash,
      pendingSince: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ toolName: serverToolPin.toolName });
  return inserted.length > 0;
}

/**
 * A definition the upstream changed to: the pending review, replacing any earlier one not yet decided.
 * Conditional on the pending hash the caller read, so of two listings seeing one change one records it.
 */
export async function recordChange(db: Database, pin: PinRow, tool: ObservedTool): Promise<boolean> {
  const now = new Date();
  const updated = await db
    .update(serverToolPin)
    .set({ pendingDefinition: tool.definition, pendingHash: tool.hash, pendingSince: now, updatedAt: now })
    .where(
      and(
        eq(serverToolPin.serverId, pin.serverId),
        eq(serverToolPin.toolName, pin.toolName),
        pin.pendingHash === null
          ? isNull(serverToolPin.pendingHash)
          : eq(serverToolPin.pendingHash, pin.pendingHash),
      ),
    )
    .returning({ toolName: serverToolPin.toolName });
  return updated.length > 0;
}

/** Tools the upstream no longer lists: their pins (and any review) go with them. */
export async function forgetTools(db: Database, serverId: string, toolNames: string[]): Promise<void> {
  if (toolNames.length === 0) return;
  await db
    .delete(serverToolPin)
    .where(and(eq(serverToolPin.serverId, serverId), inArray(serverToolPin.toolName, toolNames)));
}
