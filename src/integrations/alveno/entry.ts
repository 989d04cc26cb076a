// alveno: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const alvenoEntry = defineEntry("alveno", {
  provider: "alveno",
  name: "Alveno",
  description: "Employees and departments from the Alveno HR and attendance system.",
  category: "Human Resources",
  logo: { background: "#E5007D", glyph: "A" },
  features: ["List employees with their HR records", "List departments", "Page through the whole staff"],
  documentationUrl: "https://hr.alveno.cz/api/external/docs",
  popularity: 45,
  sourceType: "openapi",
});
