// brevo: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const brevoEntry = defineEntry("brevo", {
  provider: "brevo",
  name: "Brevo",
  description: "Contacts, lists and email campaigns in Brevo, through Brevo's own MCP server.",
  category: "Sales & Marketing Tools",
  logo: { background: "#0B996E", glyph: "B", src: "/logos/brevo.svg" },
  features: ["Manage contacts and lists", "Review campaigns", "Send transactional email"],
  documentationUrl: "https://developers.brevo.com/",
  popularity: 62,
  sourceType: "mcp",
});
