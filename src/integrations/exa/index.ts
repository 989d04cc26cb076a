// Exa on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import { defineIntegration } from "../define-integration.ts";
import { exaEntry } from "./entry.ts";

export const exaIntegration = defineIntegration({
  entry: exaEntry,
  oauthScopes: [],
  tools: { kind: "mcp" },
  references: ["https://docs.exa.ai/reference/exa-mcp"],
});
