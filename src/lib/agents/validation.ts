// Field rules for LLM credentials and agent configuration, shared by the forms and the server so both
// show the same message for the same input (requirements §5, quoted byte for byte).
import { z } from "zod";
import { requiredNameField } from "../validation.ts";
import { MAX_STEPS_DEFAULT, MAX_STEPS_MAX, MAX_STEPS_MIN, modelChoices } from "./models.ts";

export const OPENAI_KEY_REQUIRED = "OpenAI API key is required";
export const OPENAI_KEY_FORMAT = "Invalid API key format. Must start with 'sk-'";
export const ANTHROPIC_KEY_REQUIRED = "Anthropic API key is required";
export const GOOGLE_KEY_REQUIRED = "Google API key is required";
export const MAX_STEPS_MESSAGE = `Max steps must be a whole number from ${MAX_STEPS_MIN} to ${MAX_STEPS_MAX}`;
export const AGENT_NAME_MAX = 80;
export const INSTRUCTIONS_MAX = 8000;

const credentialName = requiredNameField("Name", 80);

const optionalBaseUrl = z
  .string()
  .trim()
  .max(2048, "Base URL must be a valid URL")
  .optional()
  .transform((value) => (value ? value.replace(/\/+$/, "") : undefined))
  .refine((value) => value === undefined || (URL.canParse(value) && /^https?:/.test(value)), {
    message: "Base URL must be a valid URL",
  });

/**
 * An LLM credential as submitted. On update an empty key keeps the saved one, so `apiKey` is checked
 * by the server after merging (see llmApiKeySchema), not here.
 */
export const llmCredentialInputSchema = z.discriminatedUnion("llmType", [
  z.object({
    llmType: z.literal("openai"),
    name: credentialName,
    apiKey: z.string().trim().optional(),
    baseUrl: optionalBaseUrl,
  }),
  z.object({ llmType: z.literal("anthropic"), name: credentialName, apiKey: z.string().trim().optional() }),
  z.object({
    llmType: z.literal("google"),
    name: credentialName,
    apiKey: z.string().trim().optional(),
    projectId: z.string().trim().max(128, "Project ID is too long").optional(),
  }),
]);
export type LlmCredentialInput = z.input<typeof llmCredentialInputSchema>;

/** The API key of a credential of each type, with requirements §5's messages. */
export const llmApiKeySchema = {
  openai: z.string().trim().min(1, OPENAI_KEY_REQUIRED).startsWith("sk-", OPENAI_KEY_FORMAT),
  anthropic: z.string().trim().min(1, ANTHROPIC_KEY_REQUIRED),
  google: z.string().trim().min(1, GOOGLE_KEY_REQUIRED),
} as const;

export const maxStepsField = z
  .number({ message: MAX_STEPS_MESSAGE })
  .int(MAX_STEPS_MESSAGE)
  .min(MAX_STEPS_MIN, MAX_STEPS_MESSAGE)
  .max(MAX_STEPS_MAX, MAX_STEPS_MESSAGE)
  .default(MAX_STEPS_DEFAULT);

export const agentNameField = requiredNameField("Agent name", AGENT_NAME_MAX);

export const instructionsField = z
  .string()
  .max(INSTRUCTIONS_MAX, `Instructions must be at most ${INSTRUCTIONS_MAX} characters`);

const modelField = z.string().trim().min(1, "Choose a model").max(100);

export const agentModelsSchema = z.object({
  intentExtractor: modelField,
  serverSelector: modelField,
  planner: modelField,
  executor: modelField,
});

export const agentConfigSchema = z.object({
  name: agentNameField,
  llmCredentialId: z.string().trim().min(1, "Choose an LLM credential").max(128).nullable(),
  models: agentModelsSchema,
  maxSteps: maxStepsField,
  instructions: instructionsField,
  /** null: every server of the project (and the ones added later). */
  allowedServerIds: z.array(z.string().trim().min(1).max(128)).max(200).nullable(),
  allowStandardTools: z.boolean(),
});
export type AgentConfigInput = z.input<typeof agentConfigSchema>;

/** The first model that is not offered for the credential's provider, if any. */
export function modelOutsideProvider(
  models: Record<string, string>,
  llmType: keyof typeof modelChoices,
): string | null {
  return Object.values(models).find((model) => !modelChoices[llmType].includes(model)) ?? null;
}

export const AGENT_REQUEST_MAX = 8000;
export const agentRequestField = z
  .string()
  .trim()
  .min(1, "Describe what the agent should do")
  .max(AGENT_REQUEST_MAX, `The request must be at most ${AGENT_REQUEST_MAX} characters`);

/** The longest answer to an agent's question, on the run page and on /mcp (agent-tool-source.ts). */
export const CLARIFICATION_MAX = 4000;
export const clarificationField = z
  .string()
  .trim()
  .min(1, "Write an answer to the agent's question")
  .max(CLARIFICATION_MAX, `The answer must be at most ${CLARIFICATION_MAX} characters`);
