// salesforce: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const salesforceEntry = defineEntry("salesforce", {
  provider: "salesforce",
  name: "Salesforce",
  description: "Query and update Salesforce records: accounts, contacts, leads and opportunities.",
  category: "Sales & Marketing Tools",
  logo: { background: "#00A1E0", glyph: "SF", src: "/logos/salesforce.svg" },
  features: ["Run SOQL queries", "Create and update records", "Describe objects"],
  documentationUrl: "https://developer.salesforce.com/docs/apis",
  popularity: 85,
  sourceType: "openapi",
});
