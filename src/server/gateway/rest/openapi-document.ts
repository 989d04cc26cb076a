// The REST facade's OpenAPI 3.1 document: one POST operation per tool the caller's project exposes,
// with the tool's own JSON Schema as the request body.
import type { ExposedTool } from "../catalogue/project-tools.ts";

const callToolResultSchema = (tool: ExposedTool) => ({
  type: "object",
  required: ["content"],
  properties: {
    content: {
      type: "array",
      description: "MCP content items; text items carry the result as JSON text",
      items: {
        type: "object",
        required: ["type"],
        properties: { type: { type: "string" }, text: { type: "string" } },
      },
    },
    ...(tool.outputSchema ? { structuredContent: tool.outputSchema } : {}),
    isError: { type: "boolean", description: "True when the tool failed; content[0].text says why" },
  },
});

const errorResponse = (description: string) => ({
  description,
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: {
          error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } } },
        },
      },
    },
  },
});

export function buildOpenApiDocument(baseUrl: string, projectName: string, tools: Iterable<ExposedTool>) {
  const paths: Record<string, unknown> = {};
  for (const tool of tools) {
    paths[`/tools/${tool.name}`] = {
      post: {
        operationId: tool.name,
        summary: tool.title,
        description: tool.description,
        tags: [tool.serverName],
        requestBody: { required: true, content: { "application/json": { schema: tool.inputSchema } } },
        responses: {
          "200": {
            description: "The tool ran; isError tells whether it succeeded",
            content: { "application/json": { schema: callToolResultSchema(tool) } },
          },
          "400": errorResponse("The body is not a JSON object"),
          "401": errorResponse("Missing, invalid, expired or revoked token"),
          "404": errorResponse("No such tool in this project"),
          "413": errorResponse("The body is too large"),
        },
        ...(tool.annotations.readOnlyHint ? { "x-read-only": true } : {}),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `Portico — ${projectName}`,
      version: "1.0.0",
      description:
        "The tools of this Portico project as plain HTTP operations, for agents that do not speak MCP. " +
        "Authenticate with `Authorization: Bearer <API key or OAuth access token>`.",
    },
    servers: [{ url: `${baseUrl}/api/v1` }],
    security: [{ bearerAuth: [] }],
    components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } } },
    paths,
  };
}
