// pipedrive: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const pipedriveEntry = defineEntry("pipedrive", {
  provider: "pipedrive",
  name: "Pipedrive",
  description: "Deals, persons, organizations and activities from the Pipedrive sales CRM.",
  category: "Sales & Marketing Tools",
  logo: { background: "#017737", glyph: "P" },
  features: ["Search deals and persons", "Move deals through stages", "Schedule activities"],
  documentationUrl: "https://developers.pipedrive.com/docs/api/v1",
  popularity: 74,
  sourceType: "openapi",
});
