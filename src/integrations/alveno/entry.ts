// alveno: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const alvenoEntry = defineEntry("alveno", {
  provider: "alveno",
  name: "Alveno",
  description: "Attendance, absences and shift data from the Alveno HR system.",
  category: "Human Resources",
  logo: { background: "#E5007D", glyph: "A" },
  features: ["Read employees and departments", "Check attendance and absences", "Review shift plans"],
  documentationUrl: "https://www.alveno.cz/",
  popularity: 45,
  sourceType: "openapi",
});
