// gmail: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const gmailEntry = defineEntry("gmail", {
  provider: "google",
  name: "Gmail",
  description: "Let agents search, read, draft and send email from a Gmail or Google Workspace mailbox.",
  category: "Communication & Collaboration",
  logo: { background: "#EA4335", glyph: "M", src: "/logos/gmail.svg" },
  features: ["Search and read messages and threads", "Draft and send replies", "Manage labels"],
  documentationUrl: "https://developers.google.com/gmail/api",
  popularity: 100,
  sourceType: "openapi",
});
