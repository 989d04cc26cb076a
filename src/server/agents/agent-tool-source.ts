// The gateway's ToolSource for project agents: each agent is a tool of its project's /mcp (and so of
// the REST facade) that takes a request in words and answers with what the agent did.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { findMarketplaceAgent } from "../../lib/agents/marketplace.ts";
import { agentRequestField, CLARIFICATION_MAX } from "../../lib/agents/validation.ts";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { projectAgent } from "../db/schema/index.ts";
import type { ToolSource } from "../gateway/catalogue/project-tools.ts";
import { type GatewayTool, toolError } from "../gateway/catalogue/tool-types.ts";
import {
  answeredAskerOf,
  CLARIFICATION_ARGUMENT,
  markClarificationNeeded,
  markMayAsk,
} from "../gateway/input-requests/clarification-needed.ts";
import { markAgentTool } from "./agent-tool-marker.ts";
import { type NeoRunResult, runNeo } from "./neo/run-neo.ts";

export const AGENTS_SERVER_NAME = "Agents";

/** The question as the tool's answer: a plain result any client can act on, marked for /mcp to ask. */
function questionOf(result: NeoRunResult, question: string, toolName: string): CallToolResult {
  const text = `${question}\n\nThe agent needs this answered before it can go on. Call ${toolName} again with the same request and the answer in the "${CLARIFICATION_ARGUMENT}" argument.\n\nRun: ${result.runId} (${result.status})`;
  return markClarificationNeeded(
    {
      content: [{ type: "text", text }],
      structuredContent: { runId: result.runId, status: result.status, answer: null, error: null, question },
    },
    question,
    result.runId,
  );
}

function answerOf(result: NeoRunResult): CallToolResult {
  const steps = result.steps
    .map((step, index) => `${index + 1}. ${step.toolName}${step.isError ? " (failed)" : ""}`)
    .join("\n");
  const text = [
    result.error ?? result.answer ?? "",
    steps ? `\nSteps:\n${steps}` : "",
    `\nRun: ${result.runId} (${result.status})`,
  ].join("\n");
  return {
    isError: result.status === "failed",
    content: [{ type: "text", text: text.trim() }],
    structuredContent: {
      runId: result.runId,
      status: result.status,
      answer: result.answer,
      error: result.error,
    },
  };
}

/** `getApp` because the gateway is built before the App that holds it exists. */
export function agentToolSource(getApp: () => App): ToolSource {
  return async (db, projectId) => {
    const agents = await db.select().from(projectAgent).where(eq(projectAgent.projectId, projectId));
    return agents.map((agent) =>
      markMayAsk(
        markAgentTool<GatewayTool>({
          name: agent.toolName,
          title: agent.name,
          description: `${findMarketplaceAgent(agent.presetId)?.description ?? "A Neo agent."} Give it a request in plain words; it plans, uses the project's tools step by step (at most ${agent.maxSteps}) and answers with what it did.`,
          inputSchema: {
            type: "object",
            properties: {
              request: { type: "string", description: "What the agent should do, in plain words." },
              [CLARIFICATION_ARGUMENT]: {
                type: "string",
                description:
                  "Only when the agent asked a question: the answer to it (send the same request again with it).",
              },
            },
            required: ["request"],
          },
          outputSchema: {
            type: "object",
            properties: {
              runId: { type: "string" },
              status: {
                type: "string",
                enum: ["completed", "failed", "max_steps", "needs_input", "waiting_approval"],
              },
              answer: { type: ["string", "null"] },
              error: { type: ["string", "null"] },
              question: { type: "string", description: "The agent's question, when status is needs_input." },
            },
            required: ["runId", "status", "answer", "error"],
          },
          annotations: { title: agent.name, readOnlyHint: false, openWorldHint: true },
          serverId: null,
          serverName: AGENTS_SERVER_NAME,
          async run(args, context) {
            if (typeof args.request !== "string")
              return toolError(
                `The "request" argument is missing: say in plain words what the agent should do.`,
              );
            const request = agentRequestField.safeParse(args.request);
            if (!request.success)
              return toolError(
                `The "request" argument: ${request.error.issues[0]?.message ?? "Invalid input"}`,
              );
            const clarification = args[CLARIFICATION_ARGUMENT];
            if (clarification !== undefined && typeof clarification !== "string") {
              return toolError(`"${CLARIFICATION_ARGUMENT}" must be a string.`);
            }
            const app = getApp();
            // The configuration as it is now: the catalogue may be a moment older than an edit.
            const [current] = await app.db.select().from(projectAgent).where(eq(projectAgent.id, agent.id));
            if (!current) return toolError("This agent was removed from the project.");
            try {
              const result = await runNeo(app, {
                agent: current,
                principal: context.principal,
                request: request.data,
                clarification: clarification?.trim().slice(0, CLARIFICATION_MAX) || undefined,
                // Known only when /mcp asked the person within this call (a 2025-11-25 elicitation);
                // a client's own retry with `clarification` and 2026-07-28's stateless retry start an
                // unlinked run.
                continuesRunId: clarification ? answeredAskerOf(args) : undefined,
                channel: "gateway",
                userId: context.principal.userId,
                signal: context.signal,
                onProgress: context.progress,
              });
              return result.question ? questionOf(result, result.question, agent.toolName) : answerOf(result);
            } catch (error) {
              if (error instanceof AppError) return toolError(error.message);
              throw error;
            }
          },
        }),
      ),
    );
  };
}
