// The docs client references of requirements §3, with what the docs index shows. Tiny and free of guide text,
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

export const clientInfo: Record<ClientReference, { name: string; category: ClientCategory }> = {
  "claude-code": { name: "Claude Code", category: "Assistants and editors" },
  "claude-desktop": { name: "Claude Desktop", category: "Assistants and editors" },
  cursor: { name: "Cursor", category: "Assistants and editors" },
  "visual-studio-code": { name: "Visual Studio Code", category: "Assistants and editors" },
  "typescript-sdk": { name: "TypeScript SDK", category: "SDKs" },
  "csharp-sdk": { name: "C# SDK", category: "SDKs" },
  "python-sdk": { name: "Python SDK", category: "SDKs" },
  "java-sdk": { name: "Java SDK", category: "SDKs" },
  "openapi-rest": { name: "REST API (OpenAPI)", category: "APIs and AI platforms" },
  "openai-platform": { name: "OpenAI platform", category: "APIs and AI platforms" },
  "microsoft-foundry": { name: "Microsoft Foundry", category: "APIs and AI platforms" },
  "active-pieces": { name: "Activepieces", category: "Automation" },
  n8n: { name: "n8n", category: "Automation" },
};

export function isClientReference(value: unknown): value is ClientReference {
  return typeof value === "string" && (clientReferences as readonly string[]).includes(value);
}
