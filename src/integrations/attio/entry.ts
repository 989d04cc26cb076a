// attio: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const attioEntry = defineEntry("attio", {
  provider: "attio",
  name: "Attio",
  description: "Records, lists and notes in the Attio CRM, for agents that keep customer data current.",
  category: "Sales & Marketing Tools",
  logo: { background: "#111827", glyph: "At" },
  features: ["Query records and lists", "Create and update records", "Add notes"],
  documentationUrl: "https://developers.attio.com/",
  popularity: 66,
  sourceType: "openapi",
});
