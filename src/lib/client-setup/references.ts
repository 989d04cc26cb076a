// The docs client references of SPEC §3, with what the docs index shows. Tiny and free of guide text,
// so routes can validate `ref` without loading the guides.
export const clientReferences = [
  "claude-code",
  "claude-desktop",
  "cursor",
  "visual-studio-code",
  "typescript-sdk",
  "csharp-sdk",
  "python-sdk",
  "java-sdk",
  "openapi-rest",
  "openai-platform",
  "active-pieces",
  "microsoft-foundry",
  "n8n",
] as const;
export type ClientReference = (typeof clientReferences)[number];

export const clientCategories = [
  "Assistants and editors",
  "SDKs",
  "APIs and AI platforms",
  "Automation",
] as const;
export type ClientCategory = (typeof clientCategories)[number];

export const clientInfo: Record<ClientReference, { name: string; category: ClientCategory; blurb: string }> =
  {
    "claude-code": {
      name: "Claude Code",
      category: "Assistants and editors",
      blurb: "One `claude mcp add` command, with an API key or OAuth.",
    },
    "claude-desktop": {
      name: "Claude Desktop",
      category: "Assistants and editors",
      blurb: "A custom connector with OAuth, or a key through a local bridge.",
    },
    cursor: { name: "Cursor", category: "Assistants and editors", blurb: "A server entry in mcp.json." },
    "visual-studio-code": {
      name: "Visual Studio Code",
      category: "Assistants and editors",
      blurb: "An HTTP server in .vscode/mcp.json for Copilot agent mode.",
    },
    "typescript-sdk": {
      name: "TypeScript SDK",
      category: "SDKs",
      blurb: "Streamable HTTP client from @modelcontextprotocol/sdk.",
    },
    "csharp-sdk": {
      name: "C# SDK",
      category: "SDKs",
      blurb: "HttpClientTransport from the ModelContextProtocol package.",
    },
    "python-sdk": {
      name: "Python SDK",
      category: "SDKs",
      blurb: "streamable_http_client and ClientSession from mcp.",
    },
    "java-sdk": {
      name: "Java SDK",
      category: "SDKs",
      blurb: "HttpClientStreamableHttpTransport and McpClient.sync.",
    },
    "openapi-rest": {
      name: "REST API (OpenAPI)",
      category: "APIs and AI platforms",
      blurb: "The same tools as plain HTTP operations, described by OpenAPI.",
    },
    "openai-platform": {
      name: "OpenAI platform",
      category: "APIs and AI platforms",
      blurb: "The remote MCP tool of the Responses API.",
    },
    "microsoft-foundry": {
      name: "Microsoft Foundry",
      category: "APIs and AI platforms",
      blurb: "An MCP tool on a Foundry agent, with the key in a project connection.",
    },
    "active-pieces": {
      name: "Activepieces",
      category: "Automation",
      blurb: "An MCP server tool on an agent step.",
    },
    n8n: { name: "n8n", category: "Automation", blurb: "The MCP Client Tool node for AI Agent workflows." },
  };

export function isClientReference(value: unknown): value is ClientReference {
  return typeof value === "string" && (clientReferences as readonly string[]).includes(value);
}
