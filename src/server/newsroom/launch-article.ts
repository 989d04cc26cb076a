// The launch announcement (requirements §3: the one built-in article). Markdown, rendered on the server.
export const launchArticleMarkdown = `
**Prague, March 17, 2026** — Portico today opened its integration platform for AI agents to teams of every size. Portico gives each project a single [Model Context Protocol](https://modelcontextprotocol.io) (MCP) endpoint through which AI assistants and agents reach the business systems a team already uses: email, calendars, file storage, issue tracking, CRM, HR, surveys, marketing and AI web search.

## Agents are ready. Their access is not.

Over the past year, AI assistants have learned to plan, write and reason across long tasks. What most of them still cannot do safely is work with a company's own data. Every team that tries runs into the same wall: each system needs its own connector, its own credentials and its own review, and the result is a tangle of personal access tokens pasted into configuration files.

"We kept meeting teams who had a brilliant agent and no good way to let it read the CRM," said Portico's co-founder and CEO. "The Model Context Protocol solved the language between agents and tools. Portico solves everything around it: who connected which account, which project may use it, and what happens when someone leaves the company."

## One URL per project

Portico organizes work the way teams already do. An **organization** holds members and connected accounts; **projects** inside it decide which integrations and tools an agent may use. Each project is reached at the same MCP address — the token a client sends selects the project — so setting up a new assistant takes a minute:

- **API keys** for servers, scripts and automation platforms. Keys are shown once, stored hashed and can be revoked at any time.
- **OAuth 2.1** for people. Clients that support MCP authorization, such as Claude, Cursor and Visual Studio Code, discover Portico from the URL, open a sign-in page and let the user choose the project. No key is ever copied.

The same tools are available as a REST API with a generated OpenAPI document, for frameworks that do not speak MCP yet.

## Nineteen integrations at launch

Portico launches with integrations for Gmail, Google Calendar, Google Drive, Outlook mail and calendar, SharePoint, Jira, Confluence, monday.com, HubSpot, Salesforce, Pipedrive, Attio, Raynet CRM, Caflou, Alveno, SurveyMonkey, Brevo and Exa AI search. Organizations can use Portico's managed sign-in for each provider or bring their own OAuth application. Tokens and secrets are encrypted at rest, and every call runs with the permissions of the account that was connected.

Every plan, including the free one, also includes **standard tools** that need no third-party account: the current time in any time zone, time-zone conversion, date arithmetic, a calculator and a reader that fetches public web pages as clean text.

## Meet Neo

Alongside the integrations, Portico introduces an **agent marketplace** and its first orchestrating agent, **Neo**. Neo takes a request that spans several systems — "find the deals that slipped this month, check the owners' calendars and draft a follow-up for each" — works out which integrations can help, plans the calls and carries them out step by step. Teams choose the language model behind Neo and bring their own provider keys.

## Built for the people who run the work

Portico was designed with four groups in mind:

1. **Teams** who want one place to manage who may connect what.
2. **Business analysts** who need answers from the CRM and survey tools without exporting spreadsheets.
3. **Product owners** who track work across Jira, Confluence and monday.com.
4. **Developers** who would rather point an SDK at one URL than maintain a connector per service.

Setup guides cover thirteen clients at launch, from Claude Code and Claude Desktop to the TypeScript, Python, C# and Java SDKs, the OpenAI platform, Microsoft Foundry, n8n and Activepieces.

## Security from the first request

Connecting an agent to business data raises fair questions, and Portico answers them in the platform rather than in a policy document. Every project has its own keys and its own list of enabled tools, so an assistant built for the sales team never sees the HR system. Organization owners decide who may connect accounts and who may only use them; project roles — viewer, editor and admin — decide who may change what an agent can reach.

Third-party tokens and secrets are encrypted with versioned keys that can be rotated without downtime. API keys are stored only as hashes. Every address an integration calls on a customer's behalf passes through a guard that refuses private and internal networks, and every outbound call has a time limit. OAuth access tokens are bound to Portico's MCP endpoint, so a token issued for Portico cannot be replayed against another service, and Portico never forwards a caller's token to an upstream provider.

Usage is counted per organization and shown on charts, so teams see which projects and tools their agents rely on before a monthly allowance becomes a surprise.

## What comes next

The launch is the start of the catalogue, not its end. Integrations for Microsoft Teams, Slack, Dynamics 365, SAP, NetSuite, Dropbox, OneDrive, Asana, Trello, ClickUp, Zoom and others are in preparation and are listed in the catalogue as coming soon, so customers can see what is planned and tell us what to build first. More agents will join Neo in the marketplace, each one designed for a specific kind of work and configured per project.

Portico runs as a single stateless service on PostgreSQL and can be scaled horizontally, which makes it equally suited to a small team's first experiments and to departments that run thousands of agent requests an hour.

## Pricing and availability

Portico is available today. The **Free** plan includes one seat, one project and 30,000 requests a month. **Start** costs $34 a month for five seats, unlimited projects and 300,000 requests. **Business** costs $249 a month for unlimited seats and 3,000,000 requests with priority support. **Enterprise** plans with custom volumes and a dedicated contact are available on request. Annual billing saves up to 13 percent.

## About Portico

Portico is an integration platform that connects AI agents to business data through the Model Context Protocol. Its founders bring more than 30 years of combined experience in enterprise integration, security and developer tools. Portico is based in Prague.

**Press contact:** use the [contact form](/contact) and choose "Press".
`;
