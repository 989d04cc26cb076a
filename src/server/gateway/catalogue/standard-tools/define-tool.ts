// Standard tools keep name, description, zod input schema and handler together in one file. The zod
// schema is published as JSON Schema in tools/list and checked again on every call, so a model's bad
// arguments come back as a readable tool error it can correct, not as a protocol failure.
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { type GatewayTool, type ToolRunContext, toolError } from "../tool-types.ts";

export const STANDARD_SERVER_NAME = "standard";

interface StandardToolDefinition<Input extends z.ZodObject, Output extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: Output;
  annotations: ToolAnnotations;
  run(args: z.output<Input>, context: ToolRunContext): Promise<z.input<Output>> | z.input<Output>;
}

function jsonSchemaOf(schema: z.ZodObject): { type: "object"; [key: string]: unknown } {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return { ...rest, type: "object" };
}

/** An error the tool reports to the model (bad input, unreachable page): isError with the reason. */
export class ToolInputError extends Error {}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

export function defineStandardTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  definition: StandardToolDefinition<Input, Output>,
): GatewayTool {
  return {
    name: definition.name,
    title: definition.title,
    description: definition.description,
    inputSchema: jsonSchemaOf(definition.input),
    outputSchema: jsonSchemaOf(definition.output),
    annotations: { title: definition.title, ...definition.annotations },
    serverId: null,
    serverName: STANDARD_SERVER_NAME,
    async run(args, context) {
      const parsed = definition.input.safeParse(args);
      if (!parsed.success) return toolError(`Invalid arguments: ${describeIssues(parsed.error)}`);
      try {
        const result = definition.output.parse(await definition.run(parsed.data, context));
        return {
          content: [{ type: "text", text: JSON.stringify(result, null, 2) }],
          structuredContent: result,
        };
      } catch (error) {
        if (error instanceof ToolInputError) return toolError(error.message);
        throw error;
      }
    },
  };
}
