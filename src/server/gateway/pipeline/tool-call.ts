// A tool call as every door hands it to admission.ts, and what comes back. Types of their own so that
// governance/gate.ts, which admission calls, can name them without importing admission.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CallChannel } from "../../db/schema/gateway.ts";
import type { Principal } from "../auth/principal.ts";
import type { GatewayTool } from "../catalogue/tool-types.ts";

/** Why a call was refused: the monthly requests of the organization's plan are used up. */
export interface PaymentRequired {
  code: "PAYMENT_REQUIRED";
  message: string;
  limit: "monthlyRequests";
  upgradeUrl: string;
}

export type ToolCallOutcome = { ok: true; result: CallToolResult } | { ok: false; refusal: PaymentRequired };

export interface ToolCall {
  /** The door the call came through (its call-log channel). */
  door: CallChannel;
  tool: GatewayTool;
  args: Record<string, unknown>;
  principal: Principal;
  /** The caller's own cancellation (request aborted, notifications/cancelled, an agent stopped). */
  signal?: AbortSignal;
  /** Progress messages for the caller (MCP progress notifications, when the client asked for them). */
  onProgress?: (message: string) => void;
  /** The client's W3C traceparent (HTTP header, or MCP's params._meta.traceparent), continued. */
  traceparent?: string | null;
  /** The client's X-Request-Id, for the log (which makes one when there is none). */
  requestId?: string;
  /** The agent run a step belongs to: a call it holds for approval pauses that run. */
  agentRunId?: string;
  /**
   * Set only by governance/gate.ts's run of an approved call: the policy already decided (these words go
   * into the call log), so the call runs without asking again.
   */
  approvedDecision?: string;
}
