// Brevo on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import { defineIntegration } from "../define-integration.ts";
import { brevoEntry } from "./entry.ts";

export const brevoIntegration = defineIntegration({
  entry: brevoEntry,
  oauthScopes: [],
  // Brevo's own MCP server, its MCP token as a Bearer header (REFERENCES.md).
  tools: { kind: "mcp" },
  references: [
    "https://developers.brevo.com/docs/mcp-protocol",
    "https://developers.brevo.com/docs/authentication",
    "https://developers.brevo.com/changelog/2026/3/2",
  ],
});
