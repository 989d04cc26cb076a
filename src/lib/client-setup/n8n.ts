import { apiKeyOf, apiKeyVariant, type GuideContent, OAUTH_CONSENT, type SetupContext } from "./types.ts";

export function n8nGuide(context: SetupContext): GuideContent {
  const key = apiKeyOf(context);
  return {
    intro:
      "In n8n, the MCP Client Tool node gives an AI Agent node the tools of an MCP server. (The MCP Client node calls one chosen tool as a regular workflow step.)",
    docsUrl: "https://docs.n8n.io/integrations/builtin/cluster-nodes/sub-nodes/n8n-nodes-langchain.toolmcp/",
    requirements: ["n8n with the AI Agent node", "A Portico project"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Add the MCP Client Tool to your AI Agent",
          body: ["Click + under the agent's Tool connector, pick MCP Client Tool and set:"],
          snippets: [
            {
              label: "MCP Client Tool",
              language: "text",
              code: `Endpoint:          ${context.mcpUrl}\nServer Transport:  HTTP Streamable\nAuthentication:    Bearer Auth\nTools to Include:  All`,
            },
          ],
        },
        {
          title: "Create the Bearer Auth credential",
          body: [
            "In the Credential field choose Create new credential and paste the key as the Bearer Token:",
          ],
          snippets: [{ label: "Bearer Token", language: "text", code: key }],
        },
        {
          title: "Run the workflow",
          body: ["Open the chat of the AI Agent and ask for something that needs your data."],
        },
      ]),
      {
        id: "oauth",
        label: "OAuth",
        steps: [
          {
            title: "Choose OAuth2 authentication",
            body: [
              "Set Authentication to MCP OAuth2 (called OAuth2 in older versions) and create a credential. n8n registers itself with Portico and shows a Connect button.",
              OAUTH_CONSENT,
            ],
            snippets: [{ label: "Endpoint", language: "text", code: context.mcpUrl }],
          },
        ],
      },
    ],
    notes: ["Self-hosted n8n must be able to reach the Portico URL; n8n Cloud needs a public URL."],
  };
}
