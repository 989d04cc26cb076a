// jira: its public catalogue entry (browser-safe: no server code, no zod).
import { defineEntry } from "../define-entry.ts";

export const jiraEntry = defineEntry("jira", {
  provider: "atlassian",
  name: "Jira",
  description: "Search, create and update Jira issues so agents can triage and report on work.",
  category: "Project Management",
  logo: { background: "#0052CC", glyph: "J", src: "/logos/jira.svg" },
  features: ["Search issues with JQL", "Create and update issues", "Comment and transition"],
  documentationUrl: "https://developer.atlassian.com/cloud/jira/platform/rest/v3/",
  popularity: 90,
  sourceType: "openapi",
});
