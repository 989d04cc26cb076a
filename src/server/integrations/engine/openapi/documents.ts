// The OpenAPI documents kept in the repo (documents/<integration-id>.json) and their tools, generated
// once per document. Static imports, so they ship in the server bundle and run under plain Node too.
import type { IntegrationId } from "../../../../lib/integrations/types.ts";
import hubspot from "./documents/hubspot.json" with { type: "json" };
import raynet from "./documents/raynet.json" with { type: "json" };
import { generateTools, type OpenApiTool } from "./generate-tools.ts";
import type { OpenApiDocument } from "./openapi-types.ts";

/** Integrations without a document here offer no tools yet. */
export const openApiDocuments: Partial<Record<IntegrationId, OpenApiDocument>> = {
  hubspot: hubspot as OpenApiDocument,
  raynet: raynet as OpenApiDocument,
};

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
