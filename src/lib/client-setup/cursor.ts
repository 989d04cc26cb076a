import { apiKeyOf, apiKeyVariant, type GuideContent, OAUTH_CONSENT, type SetupContext } from "./types.ts";

export function cursorGuide(context: SetupContext): GuideContent {
  const key = apiKeyOf(context);
  return {
    intro:
      "Cursor reads MCP servers from mcp.json: `~/.cursor/mcp.json` for all your projects, or `.cursor/mcp.json` in one repository. Remote servers are entries with a `url`.",
    docsUrl: "https://cursor.com/docs/context/mcp",
    requirements: ["Cursor", "A Portico project"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Add Portico to mcp.json",
          body: [
            `Create the file if it does not exist. In a shared repository, write \`Bearer \${env:PORTICO_API_KEY}\` and keep the key in your environment instead.`,
          ],
          snippets: [
            {
              label: "~/.cursor/mcp.json",
              language: "json",
              code: JSON.stringify(
                {
                  mcpServers: {
                    portico: { url: context.mcpUrl, headers: { Authorization: `Bearer ${key}` } },
                  },
                },
                null,
                2,
              ),
            },
          ],
        },
        {
          title: "Enable it",
          body: [
            "Open Cursor Settings → Tools & MCP. Portico appears with its tools; switch it on if needed.",
          ],
        },
      ]),
      {
        id: "oauth",
        label: "OAuth",
        steps: [
          {
            title: "Add Portico without headers",
            body: ["Without an Authorization header, Cursor uses MCP authorization."],
            snippets: [
              {
                label: "~/.cursor/mcp.json",
                language: "json",
                code: JSON.stringify({ mcpServers: { portico: { url: context.mcpUrl } } }, null, 2),
              },
            ],
          },
          {
            title: "Sign in",
            body: [
              "In Cursor Settings → Tools & MCP, Portico shows that it needs a login. Click it.",
              OAUTH_CONSENT,
            ],
          },
        ],
      },
    ],
    notes: ["The agent in Cursor's chat uses the tools; ask it to list them to check the connection."],
  };
}
