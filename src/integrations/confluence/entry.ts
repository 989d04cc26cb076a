// confluence: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const confluenceEntry = defineEntry("confluence", {
  provider: "atlassian",
  name: "Confluence",
  description: "Search and read Confluence pages, and create new ones from agent output.",
  category: "Communication & Collaboration",
  logo: { background: "#1868DB", glyph: "C", src: "/logos/confluence.svg" },
  features: ["Search spaces and pages", "Read page content", "Create and update pages"],
  documentationUrl: "https://developer.atlassian.com/cloud/confluence/rest/v2/",
  popularity: 84,
  sourceType: "openapi",
});
