// What a model is shown of a tool: the same fields for the gateway and for the integration engines
// (server/gateway/catalogue/tool-types.ts re-exports it). Part of the kit, so a tool defined in an integration
// folder needs nothing from the server.
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

export interface ToolDescription {
  name: string;
  title: string;
  /** Written for an LLM: what the tool does, when to use it, what it returns. */
  description: string;
  inputSchema: { type: "object"; [key: string]: unknown };
  outputSchema?: { type: "object"; [key: string]: unknown };
  annotations: ToolAnnotations;
}
