import { apiKeyOf, apiKeyVariant, type GuideContent, type SetupContext } from "./types.ts";

export function openaiPlatformGuide(context: SetupContext): GuideContent {
  const key = apiKeyOf(context);
  const tool = (auth: Record<string, unknown>) => ({
    type: "mcp",
    server_label: "portico",
    server_description: "Business data and tools of my Portico project",
    server_url: context.mcpUrl,
    ...auth,
    require_approval: "never",
  });
  return {
    intro:
      "The Responses API can call remote MCP servers itself: add Portico as an `mcp` tool and the model lists and calls its tools during the response. OpenAI connects from its own servers, so Portico must be reachable from the internet.",
    docsUrl: "https://platform.openai.com/docs/guides/tools-connectors-mcp",
    requirements: ["An OpenAI API key", "A Portico project on a public URL"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Add Portico as an MCP tool",
          body: [
            'The `headers` are sent by OpenAI to Portico on every call. Use `"require_approval": "always"` if you want to confirm each call in your app first.',
          ],
          snippets: [
            {
              label: "Terminal",
              language: "bash",
              code: `curl https://api.openai.com/v1/responses \\
  -H "Content-Type: application/json" \\
  -H "Authorization: Bearer $OPENAI_API_KEY" \\
  -d '${JSON.stringify(
    {
      model: "gpt-5",
      tools: [tool({ headers: { Authorization: `Bearer ${key}` } })],
      input: "What time is it in Prague?",
    },
    null,
    2,
  )}'`,
            },
            {
              label: "Python",
              language: "python",
              code: `from openai import OpenAI

client = OpenAI()
response = client.responses.create(
    model="gpt-5",
    tools=[
        {
            "type": "mcp",
            "server_label": "portico",
            "server_url": "${context.mcpUrl}",
            "headers": {"Authorization": "Bearer ${key}"},
            "require_approval": "never",
        }
    ],
    input="What time is it in Prague?",
)
print(response.output_text)`,
            },
          ],
        },
      ]),
      {
        id: "oauth",
        label: "OAuth",
        steps: [
          {
            title: "Pass an access token in `authorization`",
            body: [
              "If your app signs people in to Portico with OAuth, give their access token to the tool instead of a header. Your app runs the OAuth flow and refreshes the token; OpenAI only forwards it.",
            ],
            snippets: [
              {
                label: "tools[0]",
                language: "json",
                code: JSON.stringify(tool({ authorization: "<Portico OAuth access token>" }), null, 2),
              },
            ],
          },
        ],
      },
    ],
    notes: ["`allowed_tools` limits which of the project's tools the model may see."],
  };
}
