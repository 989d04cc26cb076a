// Brevo on the server: its entry, the OAuth scopes its tools need, its tools and their references.
import { defineIntegration } from "../define-integration.ts";
import { brevoEntry } from "./entry.ts";

export const brevoIntegration = defineIntegration({
  entry: brevoEntry,
  oauthScopes: [],
  tools: { kind: "mcp" },
  references: ["https://developers.brevo.com/docs/mcp-protocol"],
});
