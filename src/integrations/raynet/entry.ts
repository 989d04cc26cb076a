// raynet: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const raynetEntry = defineEntry("raynet", {
  provider: "raynet",
  name: "Raynet CRM",
  description: "Reach companies, contacts, leads and business cases in Raynet CRM.",
  category: "Sales & Marketing Tools",
  logo: { background: "#1B3D6D", glyph: "R" },
  features: [
    "Search companies and contacts",
    "Manage leads and business cases",
    "Plan tasks, meetings and calls",
  ],
  documentationUrl: "https://app.raynetcrm.com/api/doc/index-en.html",
  popularity: 55,
  sourceType: "openapi",
});
