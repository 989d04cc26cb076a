// hubspot: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const hubspotEntry = defineEntry("hubspot", {
  provider: "hubspot",
  name: "HubSpot",
  description: "Work with HubSpot CRM contacts, companies and deals from any agent.",
  category: "Sales & Marketing Tools",
  logo: { background: "#FF7A59", glyph: "H", src: "/logos/hubspot.svg" },
  features: ["Search contacts, companies and deals", "Create and update records", "Log notes"],
  documentationUrl: "https://developers.hubspot.com/docs/api/overview",
  popularity: 86,
  sourceType: "openapi",
});
