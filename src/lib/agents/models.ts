// Which models an agent may use, per LLM provider, and Neo's defaults (requirements §3 and §5). Shared by the
// configuration form and the server, so both offer and accept the same lists.
export const llmTypes = ["openai", "anthropic", "google"] as const;
export type LlmType = (typeof llmTypes)[number];

export const llmTypeLabels: Record<LlmType, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  google: "Google Gemini",
};

/** Also the models an OpenAI credential may name as its default (integrations/credentials/openai.ts). */
export const openAiModels = [
  "gpt-4.1",
  "gpt-4.1-mini",
  "gpt-4.1-nano",
  "gpt-5",
  "gpt-5-mini",
  "gpt-5-nano",
  "o3-mini",
  "o4-mini",
] as const;

export const modelChoices: Record<LlmType, readonly string[]> = {
  openai: openAiModels,
  anthropic: ["claude-sonnet-4-5", "claude-haiku-4-5", "claude-opus-4-1"],
  google: ["gemini-2.5-pro", "gemini-2.5-flash", "gemini-2.5-flash-lite"],
};

export const modelRoles = ["intentExtractor", "serverSelector", "planner", "executor"] as const;
export type ModelRole = (typeof modelRoles)[number];
export type AgentModels = Record<ModelRole, string>;

export const modelRoleLabels: Record<ModelRole, string> = {
  intentExtractor: "Intent extractor",
  serverSelector: "Server selector",
  planner: "Planner",
  executor: "Executor",
};

/** Small, fast models for the cheap stages and the strongest for the one that calls tools. */
export const defaultModels: Record<LlmType, AgentModels> = {
  openai: {
    intentExtractor: "gpt-4.1-nano",
    serverSelector: "gpt-4.1-nano",
    planner: "gpt-4.1-mini",
    executor: "gpt-4.1",
  },
  anthropic: {
    intentExtractor: "claude-haiku-4-5",
    serverSelector: "claude-haiku-4-5",
    planner: "claude-sonnet-4-5",
    executor: "claude-sonnet-4-5",
  },
  google: {
    intentExtractor: "gemini-2.5-flash-lite",
    serverSelector: "gemini-2.5-flash-lite",
    planner: "gemini-2.5-flash",
    executor: "gemini-2.5-pro",
  },
};

export const MAX_STEPS_MIN = 1;
export const MAX_STEPS_MAX = 100;
export const MAX_STEPS_DEFAULT = 30;
