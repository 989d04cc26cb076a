// The OpenAPI documents of the integrations whose tools are generated from one (each folder's
// src/integrations/<id>/openapi.json, imported statically so they ship in the server bundle and run under
// plain Node too) and their tools, generated once per document.

import type { CodeTool } from "../../../../integrations/_kit/code-tools.ts";
import type { OpenApiDocument } from "../../../../integrations/_kit/openapi-types.ts";
import { integrationRegistry } from "../../../../integrations/registry.ts";
import type { IntegrationId } from "../../../../lib/integrations/types.ts";
import { generateTools, type OpenApiTool } from "./generate-tools.ts";

/** Integrations whose tools come from elsewhere (a remote MCP server) have no document here. */
export const openApiDocuments: Partial<Record<IntegrationId, OpenApiDocument>> = Object.fromEntries(
  Object.entries(integrationRegistry).flatMap(([id, { tools }]) =>
    tools.kind === "openapi" ? [[id, tools.document]] : [],
  ),
);

const toolsByIntegration = new Map<
  IntegrationId,
  { list: OpenApiTool[]; byName: Map<string, OpenApiTool> }
>();

export function documentTools(integrationId: IntegrationId) {
  let tools = toolsByIntegration.get(integrationId);
  if (!tools) {
    const document = openApiDocuments[integrationId];
    const list = document ? generateTools(document) : [];
    tools = { list, byName: new Map(list.map((tool) => [tool.name, tool])) };
    toolsByIntegration.set(integrationId, tools);
  }
  return tools;
}

/** The tools written as code next to the integration's document (integrations/_kit/code-tools.ts). */
export function codeTools(integrationId: IntegrationId): readonly CodeTool[] {
  const { tools } = integrationRegistry[integrationId];
  return tools.kind === "openapi" ? (tools.code ?? []) : [];
}
