import { apiKeyOf, apiKeyVariant, type GuideContent, OAUTH_CONSENT, type SetupContext } from "./types.ts";

export function claudeDesktopGuide(context: SetupContext): GuideContent {
  const key = apiKeyOf(context);
  return {
    intro:
      "Claude Desktop connects to remote MCP servers as custom connectors, signed in with OAuth. Remote servers written directly into claude_desktop_config.json are not connected, so an API key goes through the mcp-remote bridge instead.",
    docsUrl:
      "https://support.claude.com/en/articles/11175166-getting-started-with-custom-connectors-using-remote-mcp",
    requirements: [
      "Claude Desktop (a plan with custom connectors for OAuth)",
      "Node.js 18 or later for the API-key bridge",
    ],
    variants: [
      {
        id: "oauth",
        label: "OAuth (custom connector)",
        steps: [
          {
            title: "Add a custom connector",
            body: [
              "Open Settings → Connectors and choose Add custom connector. Name it Portico and paste the URL below, then choose Add.",
              "On Team and Enterprise plans an owner adds the connector for the organization first; members then connect.",
            ],
            snippets: [{ label: "Remote MCP server URL", language: "text", code: context.mcpUrl }],
          },
          { title: "Connect", body: ["Choose Connect next to Portico.", OAUTH_CONSENT] },
        ],
      },
      apiKeyVariant(
        context,
        [
          {
            title: "Edit claude_desktop_config.json",
            body: [
              "Open Settings → Developer → Edit Config (macOS: `~/Library/Application Support/Claude/claude_desktop_config.json`, Windows: `%APPDATA%\\Claude\\claude_desktop_config.json`) and add the server. The header value sits in an environment variable because spaces in arguments break on Windows.",
            ],
            snippets: [
              {
                label: "claude_desktop_config.json",
                language: "json",
                code: JSON.stringify(
                  {
                    mcpServers: {
                      portico: {
                        command: "npx",
                        args: [
                          "-y",
                          "mcp-remote",
                          context.mcpUrl,
                          "--header",
                          `Authorization:\${PORTICO_AUTH}`,
                        ],
                        env: { PORTICO_AUTH: `Bearer ${key}` },
                      },
                    },
                  },
                  null,
                  2,
                ),
              },
            ],
          },
          {
            title: "Restart Claude Desktop",
            body: [
              "Quit and reopen Claude Desktop. Portico's tools appear under the tools icon of a new chat.",
            ],
          },
        ],
        "API key (mcp-remote)",
      ),
    ],
    notes: ["Connectors run from Anthropic's cloud, so the Portico URL must be reachable from the internet."],
  };
}
