// google-drive: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const googleDriveEntry = defineEntry("google-drive", {
  provider: "google",
  name: "Google Drive",
  description: "Find, read and organise files and folders in Google Drive and shared drives.",
  category: "Cloud Storage",
  logo: { background: "#0F9D58", glyph: "D", src: "/logos/google-drive.svg" },
  features: ["Search files by name and content", "Read documents as text", "Create folders and files"],
  documentationUrl: "https://developers.google.com/drive/api",
  popularity: 94,
  sourceType: "openapi",
});
