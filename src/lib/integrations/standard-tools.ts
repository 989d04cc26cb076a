// Portico's built-in standard tools as catalogue entries (requirements §9 badge 'Standard Tool'). They need no
// account and are on every plan; the gateway owns the tools themselves, these entries only present them.
import type { StandardToolEntry } from "./catalogue-entry.ts";
import { BADGE_STANDARD_TOOL } from "./types.ts";

type Definition = Omit<StandardToolEntry, "kind" | "badges" | "disabled" | "buttonText" | "documentationUrl">;

const define = (definition: Definition): StandardToolEntry => ({
  kind: "standard-tool",
  badges: [BADGE_STANDARD_TOOL],
  buttonText: "Get started",
  disabled: false,
  documentationUrl: "/docs",
  ...definition,
});

export const standardTools: readonly StandardToolEntry[] = [
  define({
    id: "current-time",
    name: "Current Time",
    description: "The current date and time in any time zone, so agents never guess what day it is.",
    category: "Calendar & Scheduling",
    logo: { background: "#0EA5E9", glyph: "12" },
    features: ["Current time in any IANA time zone", "ISO 8601 output", "No account needed"],
    popularity: 80,
    tools: ["get_current_time"],
  }),
  define({
    id: "time-zone-converter",
    name: "Time Zone Converter",
    description: "Convert a time between time zones, for scheduling across offices.",
    category: "Calendar & Scheduling",
    logo: { background: "#6366F1", glyph: "⇄" },
    features: ["Convert between IANA time zones", "Daylight saving aware", "No account needed"],
    popularity: 72,
    tools: ["convert_time"],
  }),
  define({
    id: "date-calculator",
    name: "Date Calculator",
    description: "Add or subtract days, weeks and months, and count the time between two dates.",
    category: "Calendar & Scheduling",
    logo: { background: "#8B5CF6", glyph: "±" },
    features: ["Add and subtract durations", "Difference between dates", "No account needed"],
    popularity: 70,
    tools: ["date_calculate"],
  }),
  define({
    id: "calculator",
    name: "Calculator",
    description: "Exact arithmetic for agents: evaluate expressions instead of estimating numbers.",
    category: "Project Management",
    logo: { background: "#F59E0B", glyph: "=" },
    features: ["Arithmetic expressions", "Percentages and rounding", "No account needed"],
    popularity: 68,
    tools: ["calculate"],
  }),
  define({
    id: "web-page-reader",
    name: "Web Page Reader",
    description: "Fetch a public web page as readable text, with private addresses blocked.",
    category: "Communication & Collaboration",
    logo: { background: "#10B981", glyph: "www" },
    features: [
      "Public pages as readable text",
      "Private and internal addresses refused",
      "No account needed",
    ],
    popularity: 76,
    tools: ["fetch_web_page"],
  }),
];
