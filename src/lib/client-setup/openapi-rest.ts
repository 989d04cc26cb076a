import { apiKeyOf, apiKeyVariant, type GuideContent, type SetupContext } from "./types.ts";

export function openapiRestGuide(context: SetupContext): GuideContent {
  const key = apiKeyOf(context);
  const auth = `-H "Authorization: Bearer ${key}"`;
  return {
    intro:
      "Every tool of your project is also a plain HTTP operation. The OpenAPI document lists exactly the tools the key's project has switched on, so you can import it into Postman, generate a client, or give it to any agent framework that speaks OpenAPI.",
    docsUrl: "https://spec.openapis.org/oas/latest.html",
    requirements: ["Any HTTP client", "A Portico project"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Fetch the OpenAPI document",
          body: [
            "The same bearer token selects the project; its tools become `POST /tools/{toolName}` operations.",
          ],
          snippets: [
            {
              label: "Terminal",
              language: "bash",
              code: `curl ${auth} \\\n  ${context.restBaseUrl}/openapi.json`,
            },
          ],
        },
        {
          title: "Call a tool",
          body: [
            "Send the tool's arguments as the JSON body. The answer is the MCP tool result: a `content` array (text, images, …), optional `structuredContent`, and `isError` when the tool itself failed.",
          ],
          snippets: [
            {
              label: "Terminal",
              language: "bash",
              code: `curl -X POST ${context.restBaseUrl}/tools/get_current_time \\\n  ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{}'`,
            },
            {
              label: "Response",
              language: "json",
              code: JSON.stringify(
                { content: [{ type: "text", text: "2026-03-02T09:30:00.000Z" }], isError: false },
                null,
                2,
              ),
            },
          ],
        },
        {
          title: "Generate a client",
          body: ["Download the document once and feed it to your generator of choice."],
          snippets: [
            {
              label: "Terminal",
              language: "bash",
              code: `curl -s ${auth} ${context.restBaseUrl}/openapi.json -o portico-openapi.json\nnpx @openapitools/openapi-generator-cli generate -i portico-openapi.json -g typescript-fetch -o ./portico-client`,
            },
          ],
        },
      ]),
      {
        id: "oauth",
        label: "OAuth",
        steps: [
          {
            title: "Use an OAuth access token as the bearer",
            body: [
              `An access token that Portico issued for the resource \`${context.mcpUrl}\` works in place of the key, with the project the person chose on the consent screen.`,
            ],
            snippets: [
              {
                label: "Terminal",
                language: "bash",
                code: `curl -H "Authorization: Bearer $PORTICO_ACCESS_TOKEN" \\\n  ${context.restBaseUrl}/openapi.json`,
              },
            ],
          },
        ],
      },
    ],
    notes: [
      "Errors in your request (bad arguments, unknown tool) answer 4xx with a JSON message; a missing or revoked token answers 401.",
      "Requests count against the same monthly quota as MCP calls.",
    ],
  };
}
