// The REST facade for agents that do not speak MCP: GET /api/v1/openapi.json describes the caller's
// project's tools, POST /api/v1/tools/{name} runs one. Same tokens, time limits, logging and usage as /mcp.

import { eq } from "drizzle-orm";
import type { App } from "../../app-services.ts";
import { project } from "../../db/schema/index.ts";
import { CLOSE_CONNECTION } from "../../http/read-capped-body.ts";
import { requestIdFrom } from "../../observability/logger.ts";
import { canCall, toolCallTarget } from "../catalogue/project-tools.ts";
import { authenticateRequest, callTool, TOO_MANY_FAILURES_MESSAGE } from "../pipeline/admission.ts";
import { outageRestResponse } from "../transport/database-outage.ts";
import { MAX_REQUEST_BYTES, peerOf, protectedResourceMetadataUrl } from "../transport/handle-mcp.ts";
import { readJsonBody } from "../transport/read-json-body.ts";
import { buildOpenApiDocument } from "./openapi-document.ts";

export const REST_PREFIX = "/api/v1/";
const TOOL_PATH = /^\/api\/v1\/tools\/([^/]+)$/;

function restError(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return Response.json({ error: { code, message } }, { status, headers });
}

/** The tool name in the path, or null when its percent-encoding is malformed (no tool has that name). */
function decodedToolName(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** /api/v1/*; a database outage is a 503 with Retry-After (database-outage.ts). */
export function handleRestRequest(app: App, request: Request, pathname: string): Promise<Response> {
  return answerRestRequest(app, request, pathname).catch(
    (error: unknown) => outageRestResponse(error) ?? Promise.reject(error),
  );
}

async function answerRestRequest(app: App, request: Request, pathname: string): Promise<Response> {
  const isDocument = pathname === "/api/v1/openapi.json";
  const toolMatch = TOOL_PATH.exec(pathname);
  if (!isDocument && !toolMatch) return restError(404, "NOT_FOUND", `No such endpoint: ${pathname}`);
  const expectedMethod = isDocument ? "GET" : "POST";
  if (request.method !== expectedMethod) {
    return restError(405, "METHOD_NOT_ALLOWED", `Use ${expectedMethod}`, { allow: expectedMethod });
  }

  const admission = await authenticateRequest(app, (name) => request.headers.get(name), peerOf(request));
  if (!admission.ok && admission.reason === "host") return restError(403, "FORBIDDEN", admission.message);
  if (!admission.ok && admission.reason === "throttled") {
    return restError(429, "TOO_MANY_REQUESTS", TOO_MANY_FAILURES_MESSAGE, {
      "retry-after": String(admission.retryAfterSeconds),
    });
  }
  if (!admission.ok) {
    const invalid = admission.invalidToken;
    const metadata = `resource_metadata="${protectedResourceMetadataUrl(app.config.baseUrl)}"`;
    return restError(
      401,
      "UNAUTHORIZED",
      admission.message ?? (invalid ? "Invalid, expired or revoked token" : "Authorization required"),
      {
        "www-authenticate": invalid ? `Bearer error="invalid_token", ${metadata}` : `Bearer ${metadata}`,
      },
    );
  }
  const { principal } = admission;
  const tools = await app.gateway.tools.toolsFor(principal.projectId);

  if (isDocument) {
    const [row] = await app.db
      .select({ name: project.name })
      .from(project)
      .where(eq(project.id, principal.projectId));
    return Response.json(buildOpenApiDocument(app.config.baseUrl, row?.name ?? "project", tools.exposed));
  }

  const name = decodedToolName(toolMatch?.[1] ?? "");
  if (name === null || !canCall(tools, name)) {
    return restError(404, "NOT_FOUND", `Unknown tool: ${name ?? toolMatch?.[1]}`);
  }
  const body =
    request.headers.get("content-length") === "0"
      ? { ok: true as const, value: {} }
      : await readJsonBody(request, MAX_REQUEST_BYTES);
  if (!body.ok) {
    // Too large was refused before all of it was read: the connection is closed rather than stalled.
    return body.status === 413
      ? restError(413, "PAYLOAD_TOO_LARGE", body.message, { ...CLOSE_CONNECTION })
      : restError(400, "BAD_REQUEST", body.message);
  }
  if (typeof body.value !== "object" || body.value === null || Array.isArray(body.value)) {
    return restError(400, "BAD_REQUEST", "The body must be a JSON object of the tool's arguments");
  }
  const target = toolCallTarget(tools, name, body.value as Record<string, unknown>);
  if (!target) return restError(404, "NOT_FOUND", `Unknown tool: ${name}`);
  if ("answer" in target) return Response.json(target.answer);
  const outcome = await callTool(app, {
    door: "rest",
    tool: target.tool,
    args: target.args,
    principal,
    signal: request.signal,
    traceparent: request.headers.get("traceparent"),
    requestId: requestIdFrom(request.headers.get("x-request-id")),
  });
  if (!outcome.ok) {
    const { code, message, limit, upgradeUrl } = outcome.refusal;
    return Response.json({ error: { code, message, limit, upgradeUrl } }, { status: 402 });
  }
  return Response.json(outcome.result);
}
