// One setup guide per docs client reference (requirements §3), built from the project's URLs.
import { activePiecesGuide } from "./active-pieces.ts";
import { claudeCodeGuide } from "./claude-code.ts";
import { claudeDesktopGuide } from "./claude-desktop.ts";
import { csharpSdkGuide } from "./csharp-sdk.ts";
import { cursorGuide } from "./cursor.ts";
import { javaSdkGuide } from "./java-sdk.ts";
import { microsoftFoundryGuide } from "./microsoft-foundry.ts";
import { n8nGuide } from "./n8n.ts";
import { openaiPlatformGuide } from "./openai-platform.ts";
import { openapiRestGuide } from "./openapi-rest.ts";
import { pythonSdkGuide } from "./python-sdk.ts";
import { type ClientReference, clientInfo } from "./references.ts";
import type { ClientGuide, GuideContent, SetupContext } from "./types.ts";
import { typescriptSdkGuide } from "./typescript-sdk.ts";
import { visualStudioCodeGuide } from "./visual-studio-code.ts";

const builders: Record<ClientReference, (context: SetupContext) => GuideContent> = {
  "claude-code": claudeCodeGuide,
  "claude-desktop": claudeDesktopGuide,
  cursor: cursorGuide,
  "visual-studio-code": visualStudioCodeGuide,
  "typescript-sdk": typescriptSdkGuide,
  "csharp-sdk": csharpSdkGuide,
  "python-sdk": pythonSdkGuide,
  "java-sdk": javaSdkGuide,
  "openapi-rest": openapiRestGuide,
  "openai-platform": openaiPlatformGuide,
  "active-pieces": activePiecesGuide,
  "microsoft-foundry": microsoftFoundryGuide,
  n8n: n8nGuide,
};

export function clientGuide(reference: ClientReference, context: SetupContext): ClientGuide {
  return { reference, name: clientInfo[reference].name, ...builders[reference](context) };
}

/** The URLs every guide is built from: the one MCP endpoint and the REST facade of the instance. */
export function setupContextFor(baseUrl: string, apiKey?: string): SetupContext {
  const base = baseUrl.replace(/\/+$/, "");
  return { mcpUrl: `${base}/mcp`, restBaseUrl: `${base}/api/v1`, ...(apiKey ? { apiKey } : {}) };
}

export * from "./references.ts";
export * from "./types.ts";
