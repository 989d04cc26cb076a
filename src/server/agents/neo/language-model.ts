// A model of the agent's LLM credential through the Vercel AI SDK. OpenAI goes through Chat
// Completions (`.chat`), which OpenAI-compatible servers (a credential's base URL) implement too.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import type { Config } from "../../config.ts";
import type { OpenedLlmCredential } from "../credentials/llm-credential-store.ts";
import { llmEndpoint } from "../credentials/llm-endpoints.ts";
import { llmFetch } from "../credentials/llm-fetch.ts";
import { googleProjectHeaders } from "../credentials/llm-key-check.ts";

export type ModelFactory = (modelId: string) => LanguageModel;

export function modelFactory(
  credential: OpenedLlmCredential,
  config: Pick<Config, "llmEndpoints" | "allowPrivateUrls">,
): ModelFactory {
  const endpoint = llmEndpoint(config.llmEndpoints, credential.llmType, credential.baseUrl);
  const settings = {
    apiKey: credential.apiKey,
    baseURL: endpoint.baseUrl,
    fetch: llmFetch(endpoint, config.allowPrivateUrls),
  };
  switch (credential.llmType) {
    case "openai": {
      const provider = createOpenAI(settings);
      return (modelId) => provider.chat(modelId);
    }
    case "anthropic": {
      const provider = createAnthropic(settings);
      return (modelId) => provider(modelId);
    }
    case "google": {
      // The optional project goes where Google documents it for REST calls (see llm-key-check.ts).
      const provider = createGoogleGenerativeAI({
        ...settings,
        headers: googleProjectHeaders(credential.googleProjectId),
      });
      return (modelId) => provider(modelId);
    }
  }
}
