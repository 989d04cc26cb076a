// The MCP gateway's tables: project API keys, the tool call log and exact monthly usage per
// organization.
import {
  bigint,
  customType,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ApiKeyKind } from "../../../lib/validation.ts";
import { belongsTo, createdAtColumn, idColumn } from "./columns.ts";
import { issuedSecretColumns } from "./issued-secret-columns.ts";
import { organization } from "./organizations.ts";
import { project } from "./projects.ts";

export const apiKey = pgTable(
  "api_key",
  {
    id: idColumn(),
    projectId: belongsTo("project_id", () => project.id),
    name: text("name").notNull(),
    /**
     * "personal": acts as its creator, who may use their own connections, and stops when they lose the
     * project; "project": a service identity that reaches shared connections only (keys made before
     * personal keys existed are project keys).
     */
    kind: text("kind").$type<ApiKeyKind>().notNull().default("project"),
    ...issuedSecretColumns(),
  },
  (t) => [
    uniqueIndex("api_key_secret_hash_idx").on(t.secretHash),
    index("api_key_project_idx").on(t.projectId),
  ],
);

/** The doors a tool call comes through (gateway/pipeline/admission.ts); "playground" is a person's Try in the app. */
export const callChannels = ["mcp", "rest", "playground", "agent"] as const;
export type CallChannel = (typeof callChannels)[number];

/**
 * One row per tool call, written in bulk by gateway/pipeline/call-recorder.ts. Shaped for that load, which on the
 * embedded database costs CPU beside every request (see docs/perf/gateway-decisions-2026-11.md, "Call log in bulk"): the
 * primary key leads with (project, time), so it is also the index the overview reads, and there is no
 * foreign key, whose per-row check was a third of each row's cost. Rows go with their project all the
 * same: a trigger on project deletes them (migration 0006), and the recorder skips projects deleted
 * before it writes.
 */
/**
 * A W3C trace id, 32 hex digits, stored as uuid: 16 bytes a row, where text took 33 and made COPY's
 * row cost ~6 µs more on the embedded database (uuid ~1 µs; docs/perf/observability-2026-11.md,
 * session 17). PostgreSQL reads the 32 digits as they are; they are read back without uuid's hyphens.
 */
const traceIdColumn = customType<{ data: string; driverData: string }>({
  dataType: () => "uuid",
  fromDriver: (value) => value.replaceAll("-", ""),
});

export const toolCall = pgTable(
  "tool_call",
  {
    id: text("id").notNull(),
    organizationId: text("organization_id").notNull(),
    projectId: text("project_id").notNull(),
    serverId: text("server_id"),
    serverName: text("server_name").notNull(),
    toolName: text("tool_name").notNull(),
    channel: text("channel", { enum: callChannels }).notNull(),
    apiKeyId: text("api_key_id"),
    oauthClientId: text("oauth_client_id"),
    callerName: text("caller_name").notNull(),
    /** The person the call acted as; null for a project key's calls (a service identity). */
    userId: text("user_id"),
    /** The connection that served the call and its label then (account or given name), when one did. */
    connectionId: text("connection_id"),
    connectionLabel: text("connection_label"),
    status: text("status", { enum: ["success", "error"] }).notNull(),
    /** Milliseconds to one decimal: most calls of the standard tools take well under one. */
    durationMs: doublePrecision("duration_ms").notNull(),
    errorMessage: text("error_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** The call's arguments as JSON, cut at MAX_STORED_ARGUMENTS characters (then not valid JSON). */
    arguments: text("arguments"),
    /** The W3C trace id of the call (the client's traceparent continued, or our own trace), if any. */
    traceId: traceIdColumn("trace_id"),
    /** Which policy or rule decided the call and who confirmed or approved it (governance), if any did. */
    decision: text("decision"),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.createdAt, t.id] }),
    // An organization's requests this period (project overview, billing, admin) are counted from the
    // log, deleted projects' calls included: without it each count read the whole table.
    index("tool_call_organization_time_idx").on(t.organizationId, t.createdAt),
  ],
);

/**
 * The call-log batches whose commit this server has not yet seen confirmed (gateway/pipeline/call-recorder.ts).
 * A batch writes its id in the same transaction as its rows and usage, so a batch retried after a
 * commit that happened but was never confirmed finds its id here and is not counted twice. Ids are
 * deleted once their commit is confirmed, and any left by a server that stopped are deleted after a day.
 */
export const callLogBatch = pgTable("call_log_batch", {
  id: text("id").primaryKey(),
  createdAt: createdAtColumn(),
});

export const organizationUsage = pgTable(
  "organization_usage",
  {
    organizationId: belongsTo("organization_id", () => organization.id),
    /** Calendar month in UTC, "YYYY-MM". */
    month: text("month").notNull(),
    requests: bigint("requests", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month] })],
);
