// surveymonkey: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const surveymonkeyEntry = defineEntry("surveymonkey", {
  provider: "surveymonkey",
  name: "SurveyMonkey",
  description: "List surveys and read their responses to summarise customer and employee feedback.",
  category: "Sales & Marketing Tools",
  logo: { background: "#00BF6F", glyph: "SM", src: "/logos/surveymonkey.svg" },
  features: ["List surveys", "Read responses and details", "Summarise results"],
  documentationUrl: "https://developer.surveymonkey.com/api/v3/",
  popularity: 60,
  sourceType: "openapi",
});
