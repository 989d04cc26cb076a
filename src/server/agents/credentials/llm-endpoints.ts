// Where each LLM provider's API is. LLM_ENDPOINTS, a JSON object like {"openai":"http://127.0.0.1:9/v1"},
// replaces the public addresses (a corporate proxy; local fakes in tests); a credential's own base URL
// (OpenAI-compatible servers) wins over both.
import { z } from "zod";
import { type LlmType, llmTypes } from "../../../lib/agents/models.ts";
import { httpUrl, jsonVariable } from "../../config-values.ts";

export const defaultLlmEndpoints: Record<LlmType, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
};

const MESSAGE = `LLM_ENDPOINTS must be a JSON object of ${llmTypes.join(", ")} → absolute http(s) URL`;

const endpointUrl = httpUrl(MESSAGE);

const overridesSchema = z.partialRecord(z.enum(llmTypes, { message: MESSAGE }), endpointUrl, {
  message: MESSAGE,
});

export type LlmEndpoints = z.output<typeof overridesSchema>;

export const llmEndpointsSchema = jsonVariable(overridesSchema, MESSAGE, {});

export interface ResolvedEndpoint {
  baseUrl: string;
  /** A user-supplied address: every call goes through the SSRF guard. */
  userSupplied: boolean;
}

export function llmEndpoint(
  overrides: LlmEndpoints,
  llmType: LlmType,
  credentialBaseUrl: string | null,
): ResolvedEndpoint {
  if (credentialBaseUrl) return { baseUrl: credentialBaseUrl, userSupplied: true };
  return { baseUrl: overrides[llmType] ?? defaultLlmEndpoints[llmType], userSupplied: false };
}
