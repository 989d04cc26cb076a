// What the server needs of one integration beyond its provider: its catalogue entry (with the provider
// binding), the OAuth scopes its tools need, its tools and the reference pages they were checked
// against. Every field is required, so a folder that lacks a part does not compile;
// test/integration-registry.test.ts checks what the types cannot (a document for every OpenAPI
// integration, references that are links).
import type { IntegrationEntry } from "../lib/integrations/catalogue-entry.ts";
import type { CodeTool } from "./_kit/code-tools.ts";
import type { OpenApiDocument } from "./_kit/openapi-types.ts";

export type IntegrationTools =
  /**
   * Tools generated from the folder's openapi.json, and tools written as code that call the same API
   * (paths relative to the document's server URL), both run by server/integrations/engine/openapi/.
   */
  | { kind: "openapi"; document: OpenApiDocument; code?: readonly CodeTool[] }
  /** Tools published by the provider's own MCP server (server/integrations/engine/mcp-proxy/). */
  | { kind: "mcp" };

export interface IntegrationDefinition {
  entry: IntegrationEntry;
  /** Asked for when the organization connects the provider with OAuth ([] when it takes none). */
  oauthScopes: readonly string[];
  tools: IntegrationTools;
  /**
   * The API's address when it is not the provider's `apiBaseUrl` (Gmail is served from its own host);
   * INTEGRATION_ENDPOINTS {"<id>": {"apiBaseUrl": …}} replaces it.
   */
  apiBaseUrl?: string;
  /** The provider's public reference pages the tools' requests were checked against. */
  references: readonly string[];
}

export const defineIntegration = (definition: IntegrationDefinition) => definition;
