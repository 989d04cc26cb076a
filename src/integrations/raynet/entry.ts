// raynet: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const raynetEntry = defineEntry("raynet", {
  provider: "raynet",
  name: "Raynet CRM",
  description: "Reach companies, contacts, leads and business cases in Raynet CRM.",
  category: "Sales & Marketing Tools",
  logo: { background: "#1B3D6D", glyph: "R" },
  features: ["Search companies and contacts", "Manage leads and business cases", "Log activities"],
  documentationUrl: "https://app.raynet.cz/api/doc/",
  popularity: 55,
  sourceType: "openapi",
});
