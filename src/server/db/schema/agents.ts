// Agents: LLM credentials (per organization, or platform-wide from site admins), the agents added to
// projects, and every agent run with its steps. The API key lives only in `secret`, encrypted
// (src/server/crypto, registered in encrypted-columns.ts); the LLM tokens of each run are kept here and
// summed per organization and month by agents/llm-usage.ts.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { AgentModels, LlmType } from "../../../lib/agents/models.ts";
import type { TriggerSource } from "../../../lib/agents/trigger.ts";
import { user } from "./auth.ts";
import { belongsTo, createdAtColumn, idColumn, updatedAtColumn } from "./columns.ts";
import { organization } from "./organizations.ts";
import { project } from "./projects.ts";

export const llmCredential = pgTable(
  "llm_credential",
  {
    /** Chosen before the secret is sealed: the ciphertext is bound to it. */
    id: text("id").primaryKey(),
    scope: text("scope").$type<"organization" | "global">().notNull(),
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    llmType: text("llm_type").$type<LlmType>().notNull(),
    /** OpenAI-compatible servers only; checked by the SSRF guard when saved and on every call. */
    baseUrl: text("base_url"),
    /** Google only, optional (requirements §3). */
    googleProjectId: text("google_project_id"),
    secret: text("secret").notNull(),
    secretKeyId: text("secret_key_id").notNull(),
    secretHint: text("secret_hint").notNull(),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("llm_credential_organization_idx").on(t.organizationId),
    index("llm_credential_key_idx").on(t.secretKeyId),
    check(
      "llm_credential_scope_check",
      sql`(${t.scope} = 'global' and ${t.organizationId} is null) or (${t.scope} = 'organization' and ${t.organizationId} is not null)`,
    ),
  ],
);

export const projectAgent = pgTable(
  "project_agent",
  {
    id: idColumn(),
    projectId: belongsTo("project_id", () => project.id),
    /** The marketplace entry it was added from. */
    presetId: text("preset_id").notNull(),
    agentType: text("agent_type").$type<"neo-agent">().notNull().default("neo-agent"),
    name: text("name").notNull(),
    /** Its tool name on the project's /mcp, unique in the project. */
    toolName: text("tool_name").notNull(),
    llmCredentialId: text("llm_credential_id").references(() => llmCredential.id, { onDelete: "set null" }),
    models: jsonb("models").$type<AgentModels>().notNull(),
    maxSteps: integer("max_steps").notNull().default(30),
    instructions: text("instructions").notNull().default(""),
    /** null: every server of the project, including ones added later. */
    allowedServerIds: jsonb("allowed_server_ids").$type<string[] | null>(),
    allowStandardTools: boolean("allow_standard_tools").notNull().default(true),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("project_agent_tool_name").on(t.projectId, t.toolName),
    index("project_agent_credential_idx").on(t.llmCredentialId),
    check("project_agent_max_steps_check", sql`${t.maxSteps} between 1 and 100`),
  ],
);

export type AgentRunChannel = "app" | "gateway" | "schedule" | "trigger";

/**
 * "needs_input": Neo stopped to ask the person a question (the run's answer holds it).
 * "waiting_approval": a step is held for approval (governance); the run goes on once it is decided,
 * in whichever process then takes it (neo/waiting-runs.ts, from `waitingStep`).
 */
export type AgentRunStatus =
  | "running"
  | "completed"
  | "failed"
  | "max_steps"
  | "needs_input"
  | "waiting_approval";

/**
 * What a run paused for approval needs to go on in any process: the executor's conversation up to the
 * held tool call (AI SDK model messages, with that call last), the call, and where the run was.
 */
export interface WaitingStep {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
  position: number;
  /** Steps the run had taken, the held one included (the agent's maxSteps bounds them all). */
  calls: number;
  messages: unknown[];
  plan: string[];
  /** The tools the executor was given (names in the project). */
  toolNames: string[];
}

export const agentRun = pgTable(
  "agent_run",
  {
    id: idColumn(),
    agentId: belongsTo("agent_id", () => projectAgent.id),
    projectId: text("project_id").notNull(),
    organizationId: text("organization_id").notNull(),
    /** Where it was started: the app, the gateway (/mcp or the REST facade), or a schedule. */
    channel: text("channel").$type<AgentRunChannel>().notNull(),
    /** The schedule that started it (channel "schedule"). */
    scheduleId: text("schedule_id").references((): AnyPgColumn => agentSchedule.id, { onDelete: "set null" }),
    /** The webhook trigger that started it (channel "trigger"). */
    triggerId: text("trigger_id").references((): AnyPgColumn => agentTrigger.id, { onDelete: "set null" }),
    userId: text("user_id"),
    status: text("status").$type<AgentRunStatus>().notNull().default("running"),
    request: text("request").notNull(),
    intent: text("intent"),
    selectedServers: jsonb("selected_servers").$type<string[]>(),
    plan: jsonb("plan").$type<string[]>(),
    answer: text("answer"),
    error: text("error"),
    inputTokens: integer("input_tokens").notNull().default(0),
    /**
     * Estimated tokens of tool definitions (neo/tool-list-tokens.ts): those the executor was offered, all
     * of the project's tools, and how many executor turns carried them. Shows what listing every tool
     * would have cost beside the run's own prompt tokens.
     */
    toolListTokens: jsonb("tool_list_tokens").$type<{ offered: number; all: number; turns: number }>(),
    outputTokens: integer("output_tokens").notNull().default(0),
    stepCount: integer("step_count").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    durationMs: integer("duration_ms"),
    /**
     * Renewed by the process running it (neo/run-liveness.ts); a run still "running" whose heartbeat
     * is old was cut off by a stop or a crash, and is marked failed.
     */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The "needs_input" run whose question this run answers (agents/answer-question.ts). Unique: a
     * question is answered once, decided by the database even when two answers arrive together.
     */
    continuesRunId: text("continues_run_id").references((): AnyPgColumn => agentRun.id, {
      onDelete: "set null",
    }),
    /** The person's answer to that question, as given (the request holds it appended too). */
    clarification: text("clarification"),
    /** While "waiting_approval": how to go on (WaitingStep). */
    waitingStep: jsonb("waiting_step").$type<WaitingStep>(),
  },
  (t) => [
    index("agent_run_agent_idx").on(t.agentId, t.startedAt),
    index("agent_run_organization_month_idx").on(t.organizationId, t.startedAt),
    uniqueIndex("agent_run_continues_run_unique").on(t.continuesRunId),
  ],
);

export const agentRunStep = pgTable(
  "agent_run_step",
  {
    id: idColumn(),
    runId: belongsTo("run_id", () => agentRun.id),
    position: integer("position").notNull(),
    toolName: text("tool_name").notNull(),
    serverName: text("server_name").notNull(),
    arguments: jsonb("arguments").$type<Record<string, unknown>>().notNull(),
    resultSummary: text("result_summary").notNull(),
    isError: boolean("is_error").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** Tokens of the model turn that asked for this call. */
    tokens: integer("tokens").notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("agent_run_step_position").on(t.runId, t.position)],
);

/** Members (user ids) a schedule's or trigger's run answers are e-mailed to (agents/deliver-result.ts). */
const deliverToColumn = () => jsonb("deliver_to").$type<string[]>().notNull().default([]);

/** A schedule's and a trigger's first columns: the agent they start, its project, the member they act as. */
const agentStarterColumns = () => ({
  id: idColumn(),
  agentId: belongsTo("agent_id", () => projectAgent.id),
  projectId: belongsTo("project_id", () => project.id),
  createdBy: belongsTo("created_by", () => user.id),
});

/**
 * A project agent's run on a schedule (agents/schedules/): a cron expression in a time zone with the
 * request it runs, acting as the member who set it (`created_by`, their personal connections). The job
 * library (pg-boss) holds the timing; this row is what people see and edit. A schedule whose member
 * lost access stops: `enabled` false with `stopped_reason`.
 */
export const agentSchedule = pgTable(
  "agent_schedule",
  {
    ...agentStarterColumns(),
    cron: text("cron").notNull(),
    timeZone: text("time_zone").notNull(),
    request: text("request").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    stoppedReason: text("stopped_reason"),
    deliverTo: deliverToColumn(),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index("agent_schedule_agent_idx").on(t.agentId), index("agent_schedule_enabled_idx").on(t.enabled)],
);

/**
 * A project agent's webhook trigger (agents/triggers/): a POST to its URL starts a run of `request` with
 * the posted body as context, acting as the member who made it (`created_by`). The URL carries a secret
 * shown once; only its SHA-256 is kept, so a leaked database does not open the URL.
 */
export const agentTrigger = pgTable(
  "agent_trigger",
  {
    ...agentStarterColumns(),
    name: text("name").notNull(),
    /**
     * Who calls it: any service ("webhook", the URL's secret is the proof), or HubSpot (its app's v3
     * signature is checked too, triggers/hubspot-signature.ts).
     */
    source: text("source").$type<TriggerSource>().notNull().default("webhook"),
    request: text("request").notNull(),
    /** Hex SHA-256 of the URL's secret. */
    secretHash: text("secret_hash").notNull(),
    deliverTo: deliverToColumn(),
    lastTriggeredAt: timestamp("last_triggered_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index("agent_trigger_agent_idx").on(t.agentId)],
);

/**
 * Deliveries a trigger has taken, by the sender's delivery id: a redelivery of the same id answers with
 * the run the first one started instead of starting another.
 */
export const agentTriggerDelivery = pgTable(
  "agent_trigger_delivery",
  {
    triggerId: belongsTo("trigger_id", () => agentTrigger.id),
    deliveryId: text("delivery_id").notNull(),
    runId: text("run_id").references(() => agentRun.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("agent_trigger_delivery_unique").on(t.triggerId, t.deliveryId)],
);
