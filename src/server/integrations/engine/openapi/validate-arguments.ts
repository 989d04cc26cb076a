// Tool arguments are checked against the tool's inputSchema before anything is sent, so a model's
// mistake comes back as a readable message instead of a provider's 400 (or a wrong request).
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import type { EngineTool } from "../engine.ts";

// Same validator the SDK uses (Ajv with formats); compiled schemas are kept per tool object.
const validator = new AjvJsonSchemaValidator();
const compiled = new WeakMap<EngineTool, JsonSchemaValidator<Record<string, unknown>>>();

/** null when the arguments fit, otherwise what is wrong with them. */
export function argumentProblem(tool: EngineTool, args: Record<string, unknown>): string | null {
  let validate = compiled.get(tool);
  if (!validate) {
    validate = validator.getValidator<Record<string, unknown>>(tool.inputSchema as JsonSchemaType);
    compiled.set(tool, validate);
  }
  const result = validate(args);
  return result.valid ? null : result.errorMessage;
}
