import { apiKeyVariant, type GuideContent, type SetupContext } from "./types.ts";

export function typescriptSdkGuide(context: SetupContext): GuideContent {
  const keyExpression = context.apiKey ? `"${context.apiKey}"` : "process.env.PORTICO_API_KEY";
  return {
    intro:
      "The official MCP SDK for TypeScript connects to Portico with its Streamable HTTP client transport. This works in Node.js, Deno, Bun and the browser.",
    docsUrl: "https://github.com/modelcontextprotocol/typescript-sdk",
    requirements: ["Node.js 18 or later", "A Portico project"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Install the SDK",
          body: [],
          snippets: [{ label: "Terminal", language: "bash", code: "npm install @modelcontextprotocol/sdk" }],
        },
        {
          title: "Connect, list tools and call one",
          body: [
            "Each tool's `inputSchema` describes its arguments. `get_current_time` is one of the standard tools every project has.",
          ],
          snippets: [
            {
              label: "portico.ts",
              language: "typescript",
              code: `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const transport = new StreamableHTTPClientTransport(new URL("${context.mcpUrl}"), {
  requestInit: { headers: { Authorization: \`Bearer \${${keyExpression}}\` } },
});
const client = new Client({ name: "my-agent", version: "1.0.0" });
await client.connect(transport);

const { tools } = await client.listTools();
console.log(tools.map((tool) => tool.name));

const result = await client.callTool({ name: "get_current_time", arguments: {} });
console.log(result.content);

await client.close();`,
            },
          ],
        },
      ]),
      {
        id: "oauth",
        label: "OAuth",
        steps: [
          {
            title: "Pass an OAuth client provider",
            body: [
              "For apps acting for a person, implement the SDK's `OAuthClientProvider` (client metadata with your redirect URL, where to keep tokens, how to open the browser) and give it to the transport. On the first 401 the SDK discovers Portico's authorization server, registers the client and runs the PKCE flow; then call `transport.finishAuth(code)` with the code your redirect URL received and connect again.",
            ],
            snippets: [
              {
                label: "portico-oauth.ts",
                language: "typescript",
                code: `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { authProvider, waitForAuthorizationCode } from "./my-oauth-provider.js"; // your OAuthClientProvider

const url = new URL("${context.mcpUrl}");
const client = new Client({ name: "my-agent", version: "1.0.0" });
try {
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider }));
} catch (error) {
  if (!(error instanceof UnauthorizedError)) throw error;
  const transport = new StreamableHTTPClientTransport(url, { authProvider });
  await transport.finishAuth(await waitForAuthorizationCode());
  await client.connect(transport);
}`,
              },
            ],
          },
        ],
      },
    ],
    notes: [`Without an MCP client, the same tools answer over REST at ${context.restBaseUrl}.`],
  };
}
