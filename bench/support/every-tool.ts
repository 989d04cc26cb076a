// Every tool a project with every integration would list: the standard tools plus every OpenAPI
// integration's tools (generated from its document and written as code), named as a project's /mcp names
// them. Remote MCP integrations (Brevo, Exa) list their tools at run time, so they are left out.
import { integrations } from "../../src/integrations/catalogue.ts";
import type { IntegrationId } from "../../src/lib/integrations/types.ts";
import { standardTools } from "../../src/server/gateway/catalogue/standard-tools/index.ts";
import { codeTools } from "../../src/server/integrations/engine/openapi/documents.ts";
import { openApiListedTools } from "../../src/server/integrations/engine/openapi/openapi-engine.ts";
import { defaultServerName, gatewayToolName } from "../../src/server/servers/server-tools.ts";
import type { SearchableTool } from "../../src/server/tool-search/tool-search.ts";

/** Every tool a project with every integration would list, read as the engines list them. */
export function everyTool(): { tools: SearchableTool[]; perIntegration: string[]; left: string[] } {
  const tools: SearchableTool[] = [...standardTools];
  const perIntegration: string[] = [];
  const left: string[] = [];
  for (const entry of integrations) {
    const id = entry.id as IntegrationId;
    if (entry.sourceType !== "openapi") {
      left.push(entry.name);
      continue;
    }
    const listed = openApiListedTools(id);
    const fromCode = codeTools(id).length;
    perIntegration.push(
      `${entry.name} ${listed.length} (${listed.length - fromCode} document, ${fromCode} code)`,
    );
    for (const tool of listed) {
      tools.push({
        name: gatewayToolName(defaultServerName(id), tool.name),
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: tool.annotations,
        serverName: entry.name,
      });
    }
  }
  return { tools, perIntegration, left };
}
