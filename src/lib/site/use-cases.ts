// Concrete things teams do with Portico, each naming the integrations it uses. /use-cases filters them
// with its `search` parameter.
import { type IntegrationId, integrationNames } from "./integration-names.ts";

export interface UseCase {
  id: string;
  team: "Sales" | "Customer support" | "HR" | "Project management" | "Marketing" | "Operations" | "Research";
  title: string;
  summary: string;
  /** What someone types to their agent. */
  prompt: string;
  integrations: IntegrationId[];
}

export const useCases: UseCase[] = [
  {
    id: "pipeline-review",
    team: "Sales",
    title: "Weekly pipeline review",
    summary:
      "The agent reads open deals, flags the ones without a next step and drafts follow-ups from the last email thread with each contact.",
    prompt: "Which deals over $10k have had no activity for two weeks? Draft a follow-up for each.",
    integrations: ["hubspot", "salesforce", "gmail"],
  },
  {
    id: "meeting-prep",
    team: "Sales",
    title: "Meeting preparation",
    summary:
      "Before each customer call, collect the account's history from the CRM, recent emails and the last notes in Drive into one brief.",
    prompt: "Prepare me for tomorrow's calls: who they are, what we sold them, open issues.",
    integrations: ["google-calendar", "pipedrive", "gmail", "google-drive"],
  },
  {
    id: "crm-hygiene",
    team: "Sales",
    title: "CRM clean-up",
    summary: "Find duplicate companies and contacts, missing owners and stale stages, and propose the fixes.",
    prompt: "List companies in Attio without an owner and suggest one based on who emailed them last.",
    integrations: ["attio", "raynet", "outlook-email"],
  },
  {
    id: "ticket-triage",
    team: "Customer support",
    title: "Support inbox triage",
    summary:
      "Sort incoming support email by product area and urgency, link known Jira issues and answer the simple questions from the help pages.",
    prompt: "Go through today's support emails, group them by problem and link the matching Jira tickets.",
    integrations: ["outlook-email", "jira", "confluence"],
  },
  {
    id: "customer-feedback",
    team: "Customer support",
    title: "Customer feedback digest",
    summary:
      "Summarise survey answers and support conversations into themes, with quotes, for the product team.",
    prompt: "What are the top five complaints in last month's NPS survey, with a quote for each?",
    integrations: ["surveymonkey", "gmail", "confluence"],
  },
  {
    id: "onboarding",
    team: "HR",
    title: "New-hire onboarding",
    summary:
      "Schedule the first-week meetings, share the onboarding documents and check that the new colleague's records are complete.",
    prompt: "Anna starts on Monday: book her intro meetings and send her the onboarding folder.",
    integrations: ["alveno", "google-calendar", "google-drive", "gmail"],
  },
  {
    id: "leave-planning",
    team: "HR",
    title: "Absence and leave overview",
    summary:
      "See who is away when planning a release or an event, straight from the HR system and calendars.",
    prompt: "Who on the support team is on leave in the second half of August?",
    integrations: ["alveno", "outlook-calendar"],
  },
  {
    id: "status-report",
    team: "Project management",
    title: "Status report in minutes",
    summary:
      "Pull finished and blocked work from the tracker, the decisions from meeting notes, and write the weekly status page.",
    prompt: "Write this week's status for Project Apollo: done, blocked, risks. Put it in Confluence.",
    integrations: ["jira", "confluence", "monday"],
  },
  {
    id: "resource-planning",
    team: "Project management",
    title: "Budget and capacity check",
    summary: "Compare logged time and budgets across projects and warn before one runs over.",
    prompt: "Which projects in Caflou have used more than 80% of their budget?",
    integrations: ["caflou", "monday", "sharepoint"],
  },
  {
    id: "campaign-report",
    team: "Marketing",
    title: "Campaign results",
    summary: "Collect email campaign statistics and the leads they produced, and explain what worked.",
    prompt: "How did the March newsletter perform, and how many new HubSpot contacts came from it?",
    integrations: ["brevo", "hubspot"],
  },
  {
    id: "market-research",
    team: "Research",
    title: "Market and competitor research",
    summary:
      "Search the web for recent news on competitors and summarise it with sources next to your own notes.",
    prompt: "What did our three main competitors announce this quarter? Cite the sources.",
    integrations: ["exa", "google-drive", "sharepoint"],
  },
  {
    id: "document-search",
    team: "Operations",
    title: "Find the right document",
    summary:
      "Ask in plain language and get the contract, policy or spreadsheet from SharePoint or Drive with a short summary.",
    prompt: "Find the latest signed contract with Nordlicht GmbH and tell me the notice period.",
    integrations: ["sharepoint", "google-drive", "outlook-email"],
  },
];

export const useCaseTeams = [...new Set(useCases.map((useCase) => useCase.team))];

const normalize = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "");

/**
 * Every word of the query must begin a word of the use case (title, team, text, integration names), so
 * "hr" finds the HR team and not every "three" and "through".
 */
export function filterUseCases(query: string | undefined, list: readonly UseCase[] = useCases): UseCase[] {
  const words = normalize(query ?? "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((useCase) => {
    const tokens = normalize(
      [
        useCase.title,
        useCase.team,
        useCase.summary,
        useCase.prompt,
        ...useCase.integrations.flatMap((id) => [id, integrationNames[id].name]),
      ].join(" "),
    ).split(/[^\p{L}\p{N}]+/u);
    return words.every((word) => tokens.some((token) => token.startsWith(word)));
  });
}
