// The models a credential's own server offers (issue 39, "any model"): an OpenAI-compatible server
// (Ollama, vLLM, LM Studio, OpenRouter, Azure OpenAI's v1 API) lists them at GET {base}/models as
// { object: "list", data: [{ id, object: "model" }] }, the shape OpenAI's "List models" documents and
// Ollama's OpenAI compatibility serves. Ollama's native GET /api/tags ({ models: [{ name }] }) is read
// too, for a base URL given without /v1. A credential without a base URL offers Portico's fixed list.
import { type LlmType, modelChoices } from "../../../lib/agents/models.ts";
import type { App } from "../../app-services.ts";
import { networkReason } from "../../integrations/outbound-fetch.ts";
import type { OpenedLlmCredential } from "./llm-credential-store.ts";
import { llmEndpoint } from "./llm-endpoints.ts";
import { llmFetch } from "./llm-fetch.ts";

const LIST_TIMEOUT_MS = 10_000;
/** A server may hold hundreds (OpenRouter); the form's suggestions stop here. */
const MAX_MODELS = 500;

export interface ModelList {
  models: string[];
  /** The server's own names: any other name may be typed too. */
  freeText: boolean;
  /** Why the server's list could not be read; typing a name still works. */
  error: string | null;
}

export function namesOf(body: unknown): string[] {
  const { data, models } = (body ?? {}) as { data?: unknown; models?: unknown };
  const entries = Array.isArray(data) ? data : Array.isArray(models) ? models : [];
  const names = entries
    .map((entry) => {
      const { id, name } = (entry ?? {}) as { id?: unknown; name?: unknown };
      return typeof id === "string" ? id : typeof name === "string" ? name : null;
    })
    .filter((name): name is string => name !== null && name.length > 0 && name.length <= 100);
  return [...new Set(names)].sort().slice(0, MAX_MODELS);
}

export async function listCredentialModels(app: App, credential: OpenedLlmCredential): Promise<ModelList> {
  if (!credential.baseUrl)
    return { models: [...modelChoices[credential.llmType as LlmType]], freeText: false, error: null };
  const endpoint = llmEndpoint(app.config.llmEndpoints, credential.llmType, credential.baseUrl);
  const url = `${endpoint.baseUrl.replace(/\/+$/, "")}/models`;
  try {
    const response = await llmFetch(endpoint, app.config.allowPrivateUrls)(url, {
      headers: { authorization: `Bearer ${credential.apiKey}` },
      signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return {
        models: [],
        freeText: true,
        error: `The server answered HTTP ${response.status} when its models were listed.`,
      };
    }
    return { models: namesOf(await response.json()), freeText: true, error: null };
  } catch (error) {
    return {
      models: [],
      freeText: true,
      error: `The server's models could not be listed (${networkReason(error)}).`,
    };
  }
}
