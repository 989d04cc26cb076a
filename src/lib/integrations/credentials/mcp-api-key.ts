// Brevo and Exa (requirements §3): the key their remote MCP servers accept.
import { z } from "zod";
import { type CredentialShape, requiredText } from "./fields.ts";

export const mcpApiKeySchema = z.object({ mcpApiKey: requiredText("MCP API key is required") });

export const mcpApiKey: CredentialShape = {
  schema: mcpApiKeySchema,
  fields: [{ name: "mcpApiKey", label: "MCP API key", secret: true, input: "text", required: true }],
};
