import { apiKeyOf, apiKeyVariant, type GuideContent, type SetupContext } from "./types.ts";

export function activePiecesGuide(context: SetupContext): GuideContent {
  const key = apiKeyOf(context);
  return {
    intro:
      "Activepieces agents can use tools from external MCP servers. Add Portico to an agent step and the agent decides when to call Gmail, HubSpot or any other tool of your project.",
    docsUrl: "https://www.activepieces.com/docs",
    requirements: ["Activepieces (cloud or self-hosted)", "A Portico project"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Add an MCP tool to the agent",
          body: [
            "In your flow, open the agent step (Run Agent), go to its tools and add an MCP server. Fill in the fields as below, then choose Validate Server: Activepieces connects and lists Portico's tools.",
          ],
          snippets: [
            {
              label: "MCP server",
              language: "text",
              code: `MCP Name:            portico\nServer URL:          ${context.mcpUrl}\nProtocol:            Streamable HTTP\nAuthentication Type: Access Token\nAccess Token:        ${key}`,
            },
          ],
        },
        {
          title: "Or send the header yourself",
          body: ["With Authentication Type Headers, add one header:"],
          snippets: [{ label: "Header", language: "text", code: `Authorization: Bearer ${key}` }],
        },
        {
          title: "Save and test",
          body: ["Save the tool, give the agent a prompt that needs your data and run the step."],
        },
      ]),
    ],
    notes: ["A self-hosted Activepieces must be able to reach the Portico URL."],
  };
}
