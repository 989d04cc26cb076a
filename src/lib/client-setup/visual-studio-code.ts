import { apiKeyVariant, type GuideContent, OAUTH_CONSENT, type SetupContext } from "./types.ts";

export function visualStudioCodeGuide(context: SetupContext): GuideContent {
  const headers = context.apiKey
    ? { Authorization: `Bearer ${context.apiKey}` }
    : { Authorization: `Bearer \${input:portico-api-key}` };
  const config = context.apiKey
    ? { servers: { portico: { type: "http", url: context.mcpUrl, headers } } }
    : {
        inputs: [
          { type: "promptString", id: "portico-api-key", description: "Portico API key", password: true },
        ],
        servers: { portico: { type: "http", url: context.mcpUrl, headers } },
      };
  return {
    intro:
      "GitHub Copilot's agent mode in VS Code uses MCP servers from `.vscode/mcp.json` (this workspace) or from your user profile (MCP: Open User Configuration). Portico is an `http` server.",
    docsUrl: "https://code.visualstudio.com/docs/copilot/customization/mcp-servers",
    requirements: ["Visual Studio Code with GitHub Copilot", "A Portico project"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Add .vscode/mcp.json",
          body: context.apiKey
            ? ["Do not commit this file while it contains the key."]
            : [
                "The key is asked for once, when the server first starts, and VS Code stores it securely — so this file can be committed.",
              ],
          snippets: [{ label: ".vscode/mcp.json", language: "json", code: JSON.stringify(config, null, 2) }],
        },
        {
          title: "Start the server",
          body: [
            "Choose Start above the server entry in the editor (or run MCP: List Servers). Then open Chat, pick Agent mode and check the tools button for Portico.",
          ],
        },
      ]),
      {
        id: "oauth",
        label: "OAuth",
        steps: [
          {
            title: "Add Portico without headers",
            body: ["Or run `code --add-mcp` with the same JSON to add it to your user profile."],
            snippets: [
              {
                label: ".vscode/mcp.json",
                language: "json",
                code: JSON.stringify(
                  { servers: { portico: { type: "http", url: context.mcpUrl } } },
                  null,
                  2,
                ),
              },
              {
                label: "Terminal",
                language: "bash",
                code: `code --add-mcp '{"name":"portico","type":"http","url":"${context.mcpUrl}"}'`,
              },
            ],
          },
          {
            title: "Allow the sign-in",
            body: ["When the server starts, VS Code asks to authenticate. Allow it.", OAUTH_CONSENT],
          },
        ],
      },
    ],
    notes: [
      "Use MCP: List Servers → portico → Show Output when a connection fails; it shows Portico's answer.",
    ],
  };
}
