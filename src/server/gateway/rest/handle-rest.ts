// The REST facade for agents that do not speak MCP: GET /api/v1/openapi.json describes the caller's
// project's tools, POST /api/v1/tools/{name} runs one. Same tokens, time limits, logging and usage as /mcp.
import { eq } from "drizzle-orm";
import type { App } from "../../app.ts";
import { project } from "../../db/schema/index.ts";
import { CLOSE_CONNECTION } from "../../http/read-capped-body.ts";
import { reportError } from "../../observability/report-error.ts";
import { PrincipalResolver } from "../authenticate.ts";
import { MAX_REQUEST_BYTES, protectedResourceMetadataUrl } from "../handle-mcp.ts";
import { readJsonBody } from "../read-json-body.ts";
import { runTool } from "../run-tool.ts";
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

export async function handleRestRequest(app: App, request: Request, pathname: string): Promise<Response> {
  const isDocument = pathname === "/api/v1/openapi.json";
  const toolMatch = TOOL_PATH.exec(pathname);
  if (!isDocument && !toolMatch) return restError(404, "NOT_FOUND", `No such endpoint: ${pathname}`);
  const expectedMethod = isDocument ? "GET" : "POST";
  if (request.method !== expectedMethod) {
    return restError(405, "METHOD_NOT_ALLOWED", `Use ${expectedMethod}`, { allow: expectedMethod });
  }

  const token = PrincipalResolver.bearerToken(request.headers.get("authorization"));
  const principal = token ? await app.gateway.principals.resolve(token, app) : null;
  if (!principal) {
    const metadata = `resource_metadata="${protectedResourceMetadataUrl(app.config.baseUrl)}"`;
    return restError(
      401,
      "UNAUTHORIZED",
      token ? "Invalid, expired or revoked token" : "Authorization required",
      {
        "www-authenticate": token ? `Bearer error="invalid_token", ${metadata}` : `Bearer ${metadata}`,
      },
    );
  }
  const tools = await app.gateway.tools.toolsFor(principal.projectId);

  if (isDocument) {
    const [row] = await app.db
      .select({ name: project.name })
      .from(project)
      .where(eq(project.id, principal.projectId));
    return Response.json(
      buildOpenApiDocument(app.config.baseUrl, row?.name ?? "project", tools.byName.values()),
    );
  }

  const name = decodedToolName(toolMatch?.[1] ?? "");
  const tool = name === null ? undefined : tools.byName.get(name);
  if (!tool) return restError(404, "NOT_FOUND", `Unknown tool: ${name ?? toolMatch?.[1]}`);
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
  const result = await runTool(tool, body.value as Record<string, unknown>, principal, {
    recorder: app.gateway.recorder,
    timeoutMs: app.config.toolTimeoutMs,
    allowPrivateUrls: app.config.allowPrivateUrls,
    channel: "rest",
    signal: request.signal,
    reportError: (error) => reportError(error, { where: "tool" }),
  });
  return Response.json(result);
}
