// Exa on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import { defineIntegration } from "../define-integration.ts";
import { exaEntry } from "./entry.ts";

export const exaIntegration = defineIntegration({
  entry: exaEntry,
  oauthScopes: [],
  // Exa's own MCP server, with every current tool asked for in its URL (_providers/exa.ts, REFERENCES.md).
  tools: { kind: "mcp" },
  references: ["https://docs.exa.ai/reference/exa-mcp", "https://github.com/exa-labs/exa-mcp-server#readme"],
});
