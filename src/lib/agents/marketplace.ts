// The agent marketplace (requirements §1, §7 marketplace.*): Neo and ready-made Neo configurations for jobs our
// integrations cover. Each preset names the integrations it needs as groups of alternatives (any CRM,
// any calendar), so an organization on Outlook and one on Google Calendar can both use it.
import type { IntegrationId } from "../integrations/types.ts";

export interface IntegrationRequirement {
  /** What the agent needs, in words: "A CRM", "A calendar". */
  label: string;
  anyOf: readonly IntegrationId[];
}

export interface MarketplaceAgent {
  id: string;
  name: string;
  tagline: string;
  description: string;
  agentType: "neo-agent";
  /** Neo's standing instructions for this job, editable after the agent is added. */
  instructions: string;
  requires: readonly IntegrationRequirement[];
  /** Something a person can type to try the agent. */
  exampleRequest: string;
}

// The requirements several presets share, each with its label once.
const A_CRM: IntegrationRequirement = {
  label: "A CRM",
  anyOf: ["hubspot", "salesforce", "pipedrive", "attio", "raynet", "caflou"],
};
const A_CALENDAR: IntegrationRequirement = {
  label: "A calendar",
  anyOf: ["google-calendar", "outlook-calendar"],
};
const EMAIL: IntegrationRequirement = { label: "Email", anyOf: ["gmail", "outlook-email"] };
const JIRA: IntegrationRequirement = { label: "Jira", anyOf: ["jira"] };

export const NEO_ID = "neo";

export const marketplaceAgents: readonly MarketplaceAgent[] = [
  {
    id: NEO_ID,
    name: "Neo",
    tagline: "The orchestrator: one request, every integration of the project.",
    description:
      "Neo reads a request, picks the project's servers that can answer it, writes a plan you can read, and carries it out step by step through the project's tools, then answers with what it did.",
    agentType: "neo-agent",
    instructions:
      "You are Neo, an assistant that fulfils requests with the project's tools. Prefer reading before writing, never invent data a tool did not return, and say plainly when a step failed.",
    requires: [],
    exampleRequest: "Summarise what changed in our open deals this week.",
  },
  {
    id: "pipeline-review",
    name: "Pipeline review",
    tagline: "Deals that need attention, with the meetings booked for them.",
    description:
      "Lists open deals from the CRM, finds the ones without activity or a next meeting, checks the calendar for upcoming meetings with those companies, and proposes the next step for each.",
    agentType: "neo-agent",
    instructions:
      "Review the sales pipeline. Read open deals from the CRM (stage, amount, close date, owner, last activity). For each deal closing within 30 days, look for a meeting with the company in the next 14 days on the calendar. Report deals at risk (no activity in 14 days, no meeting booked, close date passed) first, with a concrete next step. Do not change CRM records unless asked.",
    requires: [A_CRM, A_CALENDAR],
    exampleRequest: "Which deals closing this month have no meeting booked?",
  },
  {
    id: "meeting-preparation",
    name: "Meeting preparation",
    tagline: "A one-page brief before every external meeting.",
    description:
      "Takes tomorrow's (or a named) meeting from the calendar, looks up the attendees' company and deals in the CRM and the latest email threads with them, and writes a short brief with open questions.",
    agentType: "neo-agent",
    instructions:
      "Prepare the user for a meeting. Find the meeting on the calendar, list the external attendees, look up their company, contacts and open deals in the CRM, and read the last few email threads with them. Write a brief: who is coming, where the relationship stands, open issues, and three questions to ask. Quote dates and amounts exactly as the tools returned them.",
    requires: [A_CALENDAR, A_CRM, EMAIL],
    exampleRequest: "Prepare me for my next meeting with an external guest.",
  },
  {
    id: "support-triage",
    name: "Support triage",
    tagline: "New support emails sorted, prioritised and turned into issues.",
    description:
      "Reads unanswered support emails, classifies each by product area and urgency, checks Jira for an existing issue, and drafts a new issue (or a comment on the existing one) for the ones that need engineering.",
    agentType: "neo-agent",
    instructions:
      "Triage support requests. Read unread or unanswered messages in the support mailbox from the last 24 hours. For each, decide the product area and urgency (urgent: data loss, outage, security; high: a customer blocked; normal: everything else). Search Jira for an existing issue before proposing a new one. Create issues only when the request says so; otherwise list the proposed issues with summary, priority and the email they came from.",
    requires: [EMAIL, JIRA],
    exampleRequest: "Triage yesterday's support emails and propose Jira issues.",
  },
  {
    id: "weekly-status-report",
    name: "Weekly status report",
    tagline: "What shipped, what slipped and what is next, from Jira and Confluence.",
    description:
      "Collects the issues resolved, created and overdue in the last seven days from Jira, reads the related Confluence pages, and writes a status report grouped by project with risks called out.",
    agentType: "neo-agent",
    instructions:
      "Write a weekly status report. From Jira, collect issues resolved in the last 7 days, issues created, and open issues past their due date, grouped by project. From Confluence, read pages updated in the last 7 days in the same spaces for decisions and plans. Write: highlights, shipped, slipped (with owners), risks, and next week's focus. Publish to Confluence only when the request asks for it.",
    requires: [JIRA, { label: "Confluence", anyOf: ["confluence"] }],
    exampleRequest: "Write this week's status report for our Jira projects.",
  },
  {
    id: "customer-feedback-digest",
    name: "Customer feedback digest",
    tagline: "Survey answers summarised and matched to the accounts behind them.",
    description:
      "Reads the latest SurveyMonkey responses, groups the comments into themes, matches respondents to CRM contacts, and lists the unhappy customers with the size of their deals.",
    agentType: "neo-agent",
    instructions:
      "Summarise customer feedback. Read responses to the most recent survey. Group free-text answers into at most six themes with counts and one representative quote each. Match respondents' emails to CRM contacts and list detractors with their company and open deal value, largest first.",
    requires: [{ label: "SurveyMonkey", anyOf: ["surveymonkey"] }, A_CRM],
    exampleRequest: "What are customers unhappy about in the latest survey?",
  },
];

export function findMarketplaceAgent(id: string): MarketplaceAgent | undefined {
  return marketplaceAgents.find((agent) => agent.id === id);
}
