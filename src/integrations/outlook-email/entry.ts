// outlook-email: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const outlookEmailEntry = defineEntry("outlook-email", {
  provider: "microsoft",
  name: "Outlook Email",
  description: "Read, search and send email from Microsoft 365 and Outlook.com mailboxes.",
  category: "Communication & Collaboration",
  logo: { background: "#0078D4", glyph: "O" },
  features: ["Search and read messages", "Send and reply", "Move messages between folders"],
  documentationUrl: "https://learn.microsoft.com/graph/api/resources/mail-api-overview",
  popularity: 92,
  sourceType: "openapi",
});
