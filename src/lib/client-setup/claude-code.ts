import { apiKeyOf, apiKeyVariant, type GuideContent, OAUTH_CONSENT, type SetupContext } from "./types.ts";

export function claudeCodeGuide(context: SetupContext): GuideContent {
  const key = apiKeyOf(context);
  return {
    intro:
      "Claude Code talks to remote MCP servers over Streamable HTTP. Add Portico once and its tools are available in every session.",
    docsUrl: "https://docs.claude.com/en/docs/claude-code/mcp",
    requirements: ["Claude Code installed (`claude --version`)", "A Portico project"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Add the server",
          body: [
            "Run this in a terminal. It registers Portico for your user on this machine; add `--scope project` to write it to the repository's `.mcp.json` instead.",
          ],
          snippets: [
            {
              label: "Terminal",
              language: "bash",
              code: `claude mcp add --transport http portico ${context.mcpUrl} \\\n  --header "Authorization: Bearer ${key}"`,
            },
          ],
        },
        {
          title: "Or share it with your team through .mcp.json",
          body: [
            "Claude Code expands environment variables in `.mcp.json`, so the file can be committed while each person keeps the key in `PORTICO_API_KEY`.",
          ],
          snippets: [
            {
              label: ".mcp.json",
              language: "json",
              code: JSON.stringify(
                {
                  mcpServers: {
                    portico: {
                      type: "http",
                      url: context.mcpUrl,
                      headers: { Authorization: `Bearer \${PORTICO_API_KEY}` },
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
          title: "Check the connection",
          body: [
            "`claude mcp list` should show portico as connected. Inside Claude Code, `/mcp` lists its tools.",
          ],
          snippets: [{ label: "Terminal", language: "bash", code: "claude mcp list" }],
        },
      ]),
      {
        id: "oauth",
        label: "OAuth",
        steps: [
          {
            title: "Add the server without a key",
            body: ["Claude Code discovers Portico's authorization server from the URL."],
            snippets: [
              {
                label: "Terminal",
                language: "bash",
                code: `claude mcp add --transport http portico ${context.mcpUrl}`,
              },
            ],
          },
          {
            title: "Sign in",
            body: ["Start Claude Code, type `/mcp`, select portico and choose Authenticate.", OAUTH_CONSENT],
            snippets: [{ label: "Claude Code", language: "text", code: "/mcp" }],
          },
        ],
      },
    ],
    notes: [
      "To remove the server: `claude mcp remove portico`.",
      "Tools you switch off in the project disappear from Claude Code the next time it lists tools.",
    ],
  };
}
