// A model of the agent's LLM credential through the Vercel AI SDK. OpenAI goes through Chat
// Completions (`.chat`), which OpenAI-compatible servers (a credential's base URL) implement too.
// Each provider's package is loaded when a run first needs it, not with the server: the three are
// ~5 MB of JS heap each, held by every idle server whether it runs agents or not (issue 46).
import type { LanguageModel } from "ai";
import type { Config } from "../../config.ts";
import type { OpenedLlmCredential } from "../credentials/llm-credential-store.ts";
import { llmEndpoint } from "../credentials/llm-endpoints.ts";
import { llmFetch } from "../credentials/llm-fetch.ts";
import { googleProjectHeaders } from "../credentials/llm-key-check.ts";

export type ModelFactory = (modelId: string) => LanguageModel;

export async function modelFactory(
  credential: OpenedLlmCredential,
  config: Pick<Config, "llmEndpoints" | "allowPrivateUrls">,
): Promise<ModelFactory> {
  const endpoint = llmEndpoint(config.llmEndpoints, credential.llmType, credential.baseUrl);
  const settings = {
    apiKey: credential.apiKey,
    baseURL: endpoint.baseUrl,
    fetch: llmFetch(endpoint, config.allowPrivateUrls),
  };
  switch (credential.llmType) {
    case "openai": {
      const { createOpenAI } = await import("@ai-sdk/openai");
      const provider = createOpenAI(settings);
      return (modelId) => provider.chat(modelId);
    }
    case "anthropic": {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      const provider = createAnthropic(settings);
      return (modelId) => provider(modelId);
    }
    case "google": {
      // The optional project goes where Google documents it for REST calls (see llm-key-check.ts).
      const { createGoogleGenerativeAI } = await import("@ai-sdk/google");
      const provider = createGoogleGenerativeAI({
        ...settings,
        headers: googleProjectHeaders(credential.googleProjectId),
      });
      return (modelId) => provider(modelId);
    }
  }
}
