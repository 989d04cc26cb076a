// The tools an integration offers as Portico itself defines them (its OpenAPI document and code tools),
// known without a connection or the network. A remote MCP server's tools (Brevo, Exa) are the provider's
// own and only known by asking it with a connection, so they are null here.
import { integrationRegistry } from "../../integrations/registry.ts";
import type { IntegrationId } from "../../lib/integrations/types.ts";
import { openApiListedTools } from "./engine/openapi/openapi-engine.ts";

export interface RegistryTool {
  name: string;
  title: string;
  /** True when the tool only reads (its readOnlyHint), so people can tell reading from changing. */
  readOnly: boolean;
}

export function registryTools(integrationId: IntegrationId): RegistryTool[] | null {
  if (integrationRegistry[integrationId].tools.kind !== "openapi") return null;
  return openApiListedTools(integrationId).map((tool) => ({
    name: tool.name,
    title: tool.title ?? tool.name,
    readOnly: tool.annotations?.readOnlyHint === true,
  }));
}
