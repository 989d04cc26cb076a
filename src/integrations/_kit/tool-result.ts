// What a tool answers: a JSON result, a failure the model reads (isError with the reason), and the error
// a code tool throws to end with such a failure. Here rather than in the gateway so that integrations
// (src/integrations/<id>/) depend on this kit only; the gateway and the engines import it from here.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** A failure the model reads and can act on (bad input, an upstream error): isError with the reason. */
export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

/** JSON text plus structuredContent, as generated tools answer. */
export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

/** Ends a code tool with this result (thrown by `request` for upstream failures). */
export class ToolFailure extends Error {
  readonly result: CallToolResult;

  constructor(result: CallToolResult) {
    super("tool failure");
    this.result = result;
  }
}
