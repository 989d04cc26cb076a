// One line per client for the docs index; kept apart from references.ts, which every page loads.
import type { ClientReference } from "./references.ts";

export const clientBlurbs: Record<ClientReference, string> = {
  "claude-code": "One `claude mcp add` command, with an API key or OAuth.",
  "claude-desktop": "A custom connector with OAuth, or a key through a local bridge.",
  cursor: "A server entry in mcp.json.",
  "visual-studio-code": "An HTTP server in .vscode/mcp.json for Copilot agent mode.",
  "typescript-sdk": "Streamable HTTP client from @modelcontextprotocol/sdk.",
  "csharp-sdk": "HttpClientTransport from the ModelContextProtocol package.",
  "python-sdk": "streamable_http_client and ClientSession from mcp.",
  "java-sdk": "HttpClientStreamableHttpTransport and McpClient.sync.",
  "openapi-rest": "The same tools as plain HTTP operations, described by OpenAPI.",
  "openai-platform": "The remote MCP tool of the Responses API.",
  "microsoft-foundry": "An MCP tool on a Foundry agent, with the key in a project connection.",
  "active-pieces": "An MCP server tool on an agent step.",
  n8n: "The MCP Client Tool node for AI Agent workflows.",
};
