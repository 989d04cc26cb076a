// sharepoint: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const sharepointEntry = defineEntry("sharepoint", {
  provider: "microsoft",
  name: "SharePoint",
  description: "Search SharePoint sites and document libraries and read their files.",
  category: "Cloud Storage",
  logo: { background: "#038387", glyph: "S" },
  features: ["Search sites and libraries", "Read documents", "Upload files"],
  documentationUrl: "https://learn.microsoft.com/graph/api/resources/sharepoint",
  popularity: 82,
  sourceType: "openapi",
});
