// exa: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const exaEntry = defineEntry("exa", {
  provider: "exa",
  name: "Exa",
  description: "AI web search: find and read current pages from the web, through Exa's MCP server.",
  category: "Communication & Collaboration",
  logo: { background: "#1F40ED", glyph: "E", src: "/logos/exa.svg" },
  features: ["Web search", "Read page contents", "Advanced search with filters", "Research with Exa Agent"],
  documentationUrl: "https://docs.exa.ai/",
  popularity: 70,
  sourceType: "mcp",
});
