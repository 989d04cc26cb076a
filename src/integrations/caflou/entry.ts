// caflou: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const caflouEntry = defineEntry("caflou", {
  provider: "caflou",
  name: "Caflou",
  description: "Projects, tasks, time and invoices from the Caflou business management system.",
  category: "Project Management",
  logo: { background: "#00B2A9", glyph: "Cf" },
  features: ["Manage projects and tasks", "Log and review time", "Companies, contacts and invoices"],
  documentationUrl: "https://documenter.getpostman.com/view/4786951/RWMFrTQC",
  popularity: 50,
  sourceType: "openapi",
});
