// Pinned tool definitions (issue 37 item 6). A remote MCP server's tools are recorded when the server
// is added (its first successful listing: `project_server.tools_pinned_at`); a definition the upstream
// later changes, or a tool it adds, is held back from agents until an admin accepts it
// (servers/tool-pins/). Integration packs defined in Portico are recorded by version instead.
import { sql } from "drizzle-orm";
import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { IntegrationId } from "../../../lib/integrations/types.ts";
import { belongsTo, updatedAtColumn } from "./columns.ts";
import { projectServer } from "./project-servers.ts";

/** A tool as agents are shown it, without its name: what a pin compares. */
export interface PinnedDefinition {
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations: Record<string, unknown>;
}

/** One tool of a remote MCP server: the definition accepted, and the upstream's change awaiting review. */
export const serverToolPin = pgTable(
  "server_tool_pin",
  {
    serverId: belongsTo("server_id", () => projectServer.id),
    /** The engine's bare tool name (as tool_switch keys it). */
    toolName: text("tool_name").notNull(),
    /** Null for a tool the upstream added after the server was pinned, until it is accepted. */
    acceptedDefinition: jsonb("accepted_definition").$type<PinnedDefinition>(),
    acceptedHash: text("accepted_hash"),
    /** What the upstream serves now when it differs from the accepted definition; null: nothing to review. */
    pendingDefinition: jsonb("pending_definition").$type<PinnedDefinition>(),
    pendingHash: text("pending_hash"),
    pendingSince: timestamp("pending_since", { withTimezone: true }),
    /** A definition an admin rejected: while the upstream serves it the tool stays held, without a new review. */
    rejectedHash: text("rejected_hash"),
    /** Any write: a listing fetched before it may be stale (servers/server-tools.ts asks for a fresh one). */
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.toolName] })],
);

/**
 * Each version of an integration pack's tools (Portico's own definitions), recorded at start when it
 * changes: a Portico upgrade that changes a tool shows when and which, without holding anything back.
 */
export const integrationPackVersion = pgTable(
  "integration_pack_version",
  {
    integrationId: text("integration_id").$type<IntegrationId>().notNull(),
    /** SHA-256 of the pack's canonical tool definitions. */
    hash: text("hash").notNull(),
    /** Tool name → its definition's hash, so the next version can say which tools changed. */
    toolHashes: jsonb("tool_hashes").$type<Record<string, string>>().notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.integrationId, t.hash] })],
);
