// monday: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const mondayEntry = defineEntry("monday", {
  provider: "monday",
  name: "monday.com",
  description: "Read and update boards, items and updates in monday.com work management.",
  category: "Project Management",
  logo: { background: "#6161FF", glyph: "m", src: "/logos/monday.svg" },
  features: ["List boards and items", "Create and update items", "Post updates"],
  documentationUrl: "https://developer.monday.com/api-reference/",
  popularity: 78,
  sourceType: "openapi",
});
