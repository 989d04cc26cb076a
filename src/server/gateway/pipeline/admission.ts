// The one path every tool call takes, whatever door it comes through:
//   1. host check and principal — authenticateRequest, for the HTTP doors (/mcp on both request paths,
//      the REST facade); the playground and an agent's steps run for a signed-in user inside the app,
//      and build their principal from that user;
//   2. plan and quota, 3. run (runTool, with its time limit), 4. record — callTool, for every door.
// A refused call is not run, not logged and not counted; each door turns the refusal into its own
// protocol's answer (a JSON-RPC error, HTTP 402, a tRPC PAYMENT_REQUIRED).
import type { App } from "../../app-services.ts";
import { quotaRefusalMessage } from "../../billing/limit-messages.ts";
import { approvalIdOf, approvalOutcome, gateCall } from "../../governance/gate.ts";
import { clientAddress } from "../../http/client-address.ts";
import {
  looksLikeManagementToken,
  MANAGEMENT_TOKEN_REFUSED,
} from "../../manage-tokens/management-token-secret.ts";
import { childSpan, endSpan, startCallTrace } from "../../observability/call-trace.ts";
import { log } from "../../observability/logger.ts";
import { metrics } from "../../observability/metrics.ts";
import { reportError } from "../../observability/report-error.ts";
import { PrincipalResolver } from "../auth/authenticate.ts";
import type { Principal } from "../auth/principal.ts";
import { noteDatabaseAnswered } from "../transport/database-outage.ts";
import { hostCheckFor } from "../transport/host-check-for.ts";
import { runTool } from "./run-tool.ts";
import type { ToolCall, ToolCallOutcome } from "./tool-call.ts";

export type RequestAdmission =
  | { ok: true; principal: Principal }
  | { ok: false; reason: "host"; message: string }
  | { ok: false; reason: "unauthenticated"; invalidToken: boolean; message?: string }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/** What the doors read of a request: its headers and, from the connection, the peer's address. */
type AuthHeader = "host" | "origin" | "authorization" | "x-forwarded-for";

/**
 * Host/Origin against BASE_URL, then the bearer token's principal. `peer` is the connection's remote
 * address; with X-Forwarded-For (believed from TRUSTED_PROXIES only) it is the address failed
 * authentications are counted for, worked out only when a token needs the database.
 */
export async function authenticateRequest(
  app: App,
  header: (name: AuthHeader) => string | null,
  peer?: string,
): Promise<RequestAdmission> {
  const refusal = hostCheckFor(app.config.baseUrl)(header("host"), header("origin"));
  if (refusal) return { ok: false, reason: "host", message: `Forbidden: ${refusal}` };
  const token = PrincipalResolver.bearerToken(header("authorization"));
  if (!token) return { ok: false, reason: "unauthenticated", invalidToken: false };
  const addressOf = () => clientAddress(peer, header("x-forwarded-for"), app.config.trustedProxies);
  const principal = await app.gateway.principals.resolve(token, app, addressOf);
  if (!principal) return tokenRefused(token);
  if ("retryAfterSeconds" in principal) {
    return { ok: false, reason: "throttled", retryAfterSeconds: principal.retryAfterSeconds };
  }
  noteDatabaseAnswered();
  return { ok: true, principal };
}

/** An unusable token; a management token is told where it belongs (the known-key path never gets here). */
function tokenRefused(token: string): RequestAdmission {
  return looksLikeManagementToken(token)
    ? { ok: false, reason: "unauthenticated", invalidToken: true, message: MANAGEMENT_TOKEN_REFUSED }
    : { ok: false, reason: "unauthenticated", invalidToken: true };
}

export const TOO_MANY_FAILURES_MESSAGE = "Too many failed authentications from this address; try again later";

const reportToolError = (error: unknown) => reportError(error, { where: "tool" });

/** Plan and quota, run, record: the steps every tool call takes after its principal is known. */
export async function callTool(app: App, call: ToolCall): Promise<ToolCallOutcome> {
  const { principal, door, tool } = call;
  // A call asking after an approval it was given gets that approval's outcome, not a new run.
  const approvalId = approvalIdOf(call.args);
  if (approvalId !== undefined) return approvalOutcome(app, call, approvalId, callTool);
  const started = performance.now();
  // Nothing to trace and no trace id to keep: no span, no context, nothing allocated for it.
  const trace =
    app.tracing || call.traceparent
      ? startCallTrace(
          app.tracing,
          call.traceparent,
          spanName(tool.name),
          () => ({
            "portico.door": door,
            "portico.tool": tool.name,
            "portico.project_id": principal.projectId,
            "portico.organization_id": principal.organizationId,
          }),
          started,
        )
      : null;
  // Admission starts as the call does: one reading for both (each costs ~0.1 µs on a busy machine).
  const admissionSpan = trace?.span ? childSpan(trace, "admission", undefined, undefined, started) : null;
  let admission = app.gateway.quota.admit(principal.organizationId);
  if (admission instanceof Promise) admission = await admission;
  endSpan(admissionSpan, admission.admitted ? undefined : "quota");
  if (!admission.admitted) {
    metrics.toolCall(door, "refused");
    logCall(call, "refused", performance.now() - started, trace?.traceId ?? null);
    endSpan(trace?.span ?? null, "refused: monthly requests used up");
    return {
      ok: false,
      refusal: {
        code: "PAYMENT_REQUIRED",
        limit: "monthlyRequests",
        message: quotaRefusalMessage(app.config.baseUrl, admission.plan),
        upgradeUrl: `${app.config.baseUrl}/app/organization/${principal.organizationId}/billing`,
      },
    };
  }
  // The project's policies come with its tools (one cache, loaded once); null for a project without
  // policies or Protect writes, which is looked at no further.
  let decision = call.approvedDecision ?? null;
  if (decision === null) {
    const governance = (
      app.gateway.tools.loadedFor(principal.projectId) ??
      (await app.gateway.tools.toolsFor(principal.projectId))
    ).governance;
    if (governance !== null) {
      const gate = await gateCall(app, call, governance);
      if (!gate.run) {
        endSpan(trace?.span ?? null, "held or refused by policy");
        return gate.outcome;
      }
      decision = gate.decision;
    }
  }
  const options = {
    recorder: app.gateway.recorder,
    timeoutMs: app.config.toolTimeoutMs,
    allowPrivateUrls: app.config.allowPrivateUrls,
    channel: door,
    signal: call.signal,
    onProgress: call.onProgress,
    reportError: reportToolError,
    trace,
    decision,
  };
  const result = await runTool(tool, call.args, principal, options);
  const finished = performance.now();
  const milliseconds = finished - started;
  const outcome = result.isError ? "error" : "success";
  metrics.toolCall(door, outcome, milliseconds / 1000);
  logCall(call, outcome, milliseconds, trace?.traceId ?? null);
  if (trace?.span) {
    trace.span.attributes["portico.outcome"] = outcome;
    endSpan(trace.span, result.isError ? "tool error" : undefined, finished);
  }
  return { ok: true, result };
}

/**
 * "tools/call <tool>", one string per tool name: the exporter finds a span name's encoding by it
 * (otlp-protobuf.ts), and a string made per call would be hashed again every time.
 */
const spanNames = new Map<string, string>();
function spanName(tool: string): string {
  let name = spanNames.get(tool);
  if (name === undefined) {
    name = `tools/call ${tool}`;
    if (spanNames.size < 10_000) spanNames.set(tool, name);
  }
  return name;
}

/** One line per tool call: ids and names only, never arguments, results or credentials. */
function logCall(call: ToolCall, outcome: string, milliseconds: number, traceId: string | null): void {
  if (!log.enabled("info")) return;
  log.info("tool call", {
    requestId: call.requestId ?? crypto.randomUUID(),
    organization: call.principal.organizationId,
    project: call.principal.projectId,
    door: call.door,
    server: call.tool.serverName,
    tool: call.tool.name,
    outcome,
    durationMs: Math.round(milliseconds * 10) / 10,
    traceId: traceId ?? undefined,
  });
}
