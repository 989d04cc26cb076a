import { apiKeyVariant, type GuideContent, type SetupContext } from "./types.ts";

export function csharpSdkGuide(context: SetupContext): GuideContent {
  const keyExpression = context.apiKey
    ? `"${context.apiKey}"`
    : 'Environment.GetEnvironmentVariable("PORTICO_API_KEY")';
  return {
    intro:
      "The official MCP SDK for .NET connects with `HttpClientTransport` in Streamable HTTP mode; the key travels as an additional header.",
    docsUrl: "https://csharp.sdk.modelcontextprotocol.io/",
    requirements: [".NET 8 or later", "A Portico project"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Add the package",
          body: ["`ModelContextProtocol.Core` is enough if you only need the client."],
          snippets: [
            { label: "Terminal", language: "bash", code: "dotnet add package ModelContextProtocol" },
          ],
        },
        {
          title: "Connect, list tools and call one",
          body: [],
          snippets: [
            {
              label: "Program.cs",
              language: "csharp",
              code: `using ModelContextProtocol.Client;

var transport = new HttpClientTransport(new HttpClientTransportOptions
{
    Endpoint = new Uri("${context.mcpUrl}"),
    TransportMode = HttpTransportMode.StreamableHttp,
    AdditionalHeaders = new Dictionary<string, string>
    {
        ["Authorization"] = $"Bearer {${keyExpression}}",
    },
});

await using var client = await McpClient.CreateAsync(transport);

foreach (var tool in await client.ListToolsAsync())
{
    Console.WriteLine($"{tool.Name}: {tool.Description}");
}

var result = await client.CallToolAsync("get_current_time", new Dictionary<string, object?>());
Console.WriteLine(result.Content.Count > 0 ? result.Content[0] : "(no content)");`,
            },
          ],
        },
      ]),
      {
        id: "oauth",
        label: "OAuth",
        steps: [
          {
            title: "Set OAuth options on the transport",
            body: [
              "Instead of the header, set `OAuth` on `HttpClientTransportOptions` with your redirect URI and a delegate that opens the browser and returns the authorization code. The SDK discovers Portico's authorization server and registers the client dynamically.",
            ],
            snippets: [
              {
                label: "Program.cs",
                language: "csharp",
                code: `var transport = new HttpClientTransport(new HttpClientTransportOptions
{
    Endpoint = new Uri("${context.mcpUrl}"),
    TransportMode = HttpTransportMode.StreamableHttp,
    OAuth = new()
    {
        RedirectUri = new Uri("http://localhost:3030/callback"),
        AuthorizationRedirectDelegate = OpenBrowserAndWaitForCodeAsync, // your implementation
    },
});`,
              },
            ],
          },
        ],
      },
    ],
    notes: [
      "`McpClientTool` is an `AIFunction`, so the listed tools plug straight into Microsoft.Extensions.AI chat clients.",
    ],
  };
}
