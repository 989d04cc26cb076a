// The OpenAPI engine: tools generated from the integration's document (documents.ts), run over HTTP
// with the organization's connection (connection-auth.ts). Every upstream failure — a broken
// connection, bad arguments, an HTTP error, a timeout — is an isError result that says what happened.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { integrationRegistry } from "../../../../integrations/registry.ts";
import { AppError } from "../../../../lib/errors.ts";
import { providers } from "../../../../lib/integrations/providers.ts";
import type { App } from "../../../app.ts";
import { type Deadline, startDeadline } from "../../../deadline.ts";
import { toolError } from "../../../gateway/tool-types.ts";
import { ConnectionUnavailableError } from "../../connections/access-token.ts";
import { networkReason } from "../../outbound-fetch.ts";
import { type ConnectionAuth, forgetConnectionAuth, resolveConnectionAuth } from "../connection-auth.ts";
import type { EngineTarget, EngineTool, IntegrationEngine } from "../engine.ts";
import { buildRequest } from "./build-request.ts";
import { documentTools } from "./documents.ts";
import { successResult, upstreamError } from "./format-result.ts";
import type { OpenApiTool } from "./generate-tools.ts";
import { sendRequest } from "./send-request.ts";
import { argumentProblem } from "./validate-arguments.ts";

/** The longest one upstream call may take, retries included. */
export const UPSTREAM_TIMEOUT_MS = 30_000;

/** What clients see: the run-time details (method, path, …) stay inside the engine. */
const publicTool = (tool: OpenApiTool): EngineTool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: tool.inputSchema,
  annotations: tool.annotations,
});

// Finish a little before the gateway's own limit, so the caller reads our specific message.
const callTimeoutMs = (app: App) =>
  Math.max(100, Math.min(UPSTREAM_TIMEOUT_MS, Math.floor(app.config.toolTimeoutMs * 0.9)));

async function callTool(
  app: App,
  target: EngineTarget,
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<CallToolResult> {
  const { provider } = integrationRegistry[target.integrationId];
  const providerName = providers[provider].name;
  const tool = documentTools(target.integrationId).byName.get(name);
  if (!tool)
    return toolError(`Unknown tool ${name} for ${integrationRegistry[target.integrationId].entry.name}.`);
  const problem = argumentProblem(tool, args);
  if (problem) return toolError(`Invalid arguments for ${name}: ${problem}`);

  let auth: ConnectionAuth;
  try {
    auth = await resolveConnectionAuth(app, target.organizationId, provider);
  } catch (error) {
    if (error instanceof ConnectionUnavailableError) return toolError(error.reason);
    throw error;
  }
  const timeoutMs = callTimeoutMs(app);
  // The deadline covers reading the answer too, so it is released only once that is done.
  const deadline = startDeadline(signal, timeoutMs);
  try {
    return await sendAndRead(app, auth, tool, args, deadline, providerName, timeoutMs);
  } finally {
    deadline.release();
  }
}

async function sendAndRead(
  app: App,
  auth: ConnectionAuth,
  tool: OpenApiTool,
  args: Record<string, unknown>,
  deadline: Deadline,
  providerName: string,
  timeoutMs: number,
): Promise<CallToolResult> {
  const outcome = await sendRequest(app, auth, buildRequest(tool, args, auth), {
    retryable: tool.retryable,
    deadline,
  });
  if ("failure" in outcome) {
    if (outcome.failure === "timeout") {
      return toolError(`${providerName} did not answer within ${timeoutMs / 1000} s.`);
    }
    if (outcome.failure === "aborted") return toolError("The call was cancelled.");
    const reason =
      outcome.error instanceof AppError
        ? outcome.error.message.replace(/\.$/, "")
        : networkReason(outcome.error);
    return toolError(`Could not reach ${providerName}: ${reason}.`);
  }
  const { response } = outcome;
  try {
    if (response.status >= 300) return await upstreamError(response, providerName, auth.authFlow);
    return await successResult(response, providerName);
  } catch (error) {
    // The deadline or the caller can also end the call while the answer is being read.
    if (deadline.timedOut()) return toolError(`${providerName} did not answer within ${timeoutMs / 1000} s.`);
    if (deadline.signal.aborted) return toolError("The call was cancelled.");
    return toolError(`${providerName}'s answer could not be read: ${networkReason(error)}.`);
  }
}

export const openApiEngine: IntegrationEngine = {
  // Tools come from the document alone: listing needs neither the connection nor the network.
  listTools: async (_app, target) => documentTools(target.integrationId).list.map(publicTool),
  callTool,
  // Generated tools depend on the document only; what the connection discovered is dropped.
  forget: (target) =>
    forgetConnectionAuth(target.organizationId, integrationRegistry[target.integrationId].provider),
};
