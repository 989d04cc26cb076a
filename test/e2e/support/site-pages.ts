// The public pages, each with text that proves its key content rendered. Shared by the browser specs
// and the HTTP tests.
export const LAUNCH_ARTICLE_PATH = "/newsroom/portico-launches-mcp-integration-platform";

export interface PublicPage {
  name: string;
  path: string;
  heading: RegExp;
  content: string[];
}

export const publicPages: PublicPage[] = [
  {
    name: "landing",
    path: "/",
    heading: /Connect AI agents to your business data/,
    content: [
      "Business analysts",
      "Product owners",
      "How an agent connects",
      "Meet Neo",
      "HubSpot",
      "OAuth 2.1",
    ],
  },
  {
    name: "use-cases",
    path: "/use-cases",
    heading: /What your agents can do with your data/,
    content: ["Search use cases", "Weekly pipeline review", "Support inbox triage", "New-hire onboarding"],
  },
  {
    name: "pricing",
    path: "/pricing",
    heading: /Simple plans that grow with your agents/,
    content: ["Start Free", "Upgrade", "Contact", "$34", "$249", "Unlimited*", "Agent marketplace"],
  },
  {
    name: "docs",
    path: "/docs",
    heading: /Connect your agents to Portico/,
    content: ["One URL, two ways to sign in", "Claude Code", "Microsoft Foundry", "n8n"],
  },
  {
    name: "docs-claude-code",
    path: "/docs?ref=claude-code",
    heading: /Connect your agents to Portico/,
    content: ["Connect Claude Code to Portico", "claude mcp add --transport http portico"],
  },
  {
    name: "newsroom",
    path: "/newsroom",
    heading: /News from Portico/,
    content: [
      "Press release",
      "March 17, 2026",
      "Prague, Czech Republic",
      "5 min read",
      "More articles are coming soon",
    ],
  },
  {
    name: "newsroom-launch",
    path: LAUNCH_ARTICLE_PATH,
    heading: /Portico launches to connect AI agents/,
    content: ["One URL per project", "Meet Neo", "5 min read"],
  },
  {
    name: "our-story",
    path: "/our-story",
    heading: /We built the integration layer we kept wishing for/,
    content: ["30+ years", "The founders"],
  },
  {
    name: "contact",
    path: "/contact",
    heading: /Talk to the Portico team/,
    content: ["Work email", "Topic", "Send message"],
  },
  {
    name: "support",
    path: "/support",
    heading: /How to get help/,
    content: ["Support by plan", "Troubleshooting", "Priority email"],
  },
  {
    name: "tos",
    path: "/tos",
    heading: /Terms of service/,
    content: ["Plans, limits and payment", "Governing law"],
  },
  {
    name: "privacy-policy",
    path: "/privacy-policy",
    heading: /Privacy policy/,
    content: ["What we collect and why", "Your rights"],
  },
];

/** The rendered text of an element as a person reads it (layout whitespace collapsed to single spaces). */
export async function visibleText(locator: { innerText(): Promise<string> }): Promise<string> {
  const text = await locator.innerText();
  return text.replace(/\s+/g, " ");
}
