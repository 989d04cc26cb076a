import { apiKeyVariant, type GuideContent, type SetupContext } from "./types.ts";

export function javaSdkGuide(context: SetupContext): GuideContent {
  const url = new URL(context.mcpUrl);
  const keyExpression = context.apiKey ? `"${context.apiKey}"` : 'System.getenv("PORTICO_API_KEY")';
  return {
    intro:
      "The official MCP SDK for Java connects with `HttpClientStreamableHttpTransport`, built on the JDK's HttpClient. Headers are added by customizing each request.",
    docsUrl: "https://modelcontextprotocol.io/sdk/java/mcp-client",
    requirements: ["Java 17 or later", "A Portico project"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Add the dependency",
          body: [
            "Use the current release from Maven Central for `mcp.version` (or import `io.modelcontextprotocol.sdk:mcp-bom`).",
          ],
          snippets: [
            {
              label: "pom.xml",
              language: "xml",
              code: `<dependency>
  <groupId>io.modelcontextprotocol.sdk</groupId>
  <artifactId>mcp</artifactId>
  <version>\${mcp.version}</version>
</dependency>`,
            },
          ],
        },
        {
          title: "Connect, list tools and call one",
          body: [],
          snippets: [
            {
              label: "Portico.java",
              language: "java",
              code: `import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;

public class Portico {
  public static void main(String[] args) {
    var transport = HttpClientStreamableHttpTransport.builder("${url.origin}")
        .endpoint("${url.pathname}")
        .customizeRequest(request -> request.header("Authorization", "Bearer " + ${keyExpression}))
        .build();

    try (var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build()) {
      client.initialize();
      client.listTools().tools().forEach(tool -> System.out.println(tool.name()));
      var result = client.callTool(new McpSchema.CallToolRequest("get_current_time", Map.of()));
      System.out.println(result.content());
    }
  }
}`,
            },
          ],
        },
      ]),
    ],
    notes: [
      "Spring AI users can declare the same server under `spring.ai.mcp.client.streamable-http.connections` and add the header with a request customizer bean.",
    ],
  };
}
