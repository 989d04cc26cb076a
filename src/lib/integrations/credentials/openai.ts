// OpenAI (requirements §3, §5): API key starting with sk-, optional model and optional OpenAI-compatible base URL.
import { z } from "zod";
import { openAiModels } from "../../agents/models.ts";
import { type CredentialShape, httpUrl, optionalText, requiredText } from "./fields.ts";

export const openAiSchema = z.object({
  apiKey: requiredText("OpenAI API key is required").refine(
    (key) => key.startsWith("sk-"),
    "Invalid API key format. Must start with 'sk-'",
  ),
  model: optionalText.pipe(z.enum(openAiModels, { message: "Choose one of the listed models" }).optional()),
  baseUrl: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    httpUrl("Base URL must be a valid URL").optional(),
  ),
});

export const openai: CredentialShape = {
  schema: openAiSchema,
  fields: [
    { name: "apiKey", label: "API key", secret: true, input: "text", required: true, placeholder: "sk-…" },
    {
      name: "model",
      label: "Model (optional)",
      secret: false,
      input: "select",
      required: false,
      options: openAiModels.map((model) => ({ value: model, label: model })),
    },
    {
      name: "baseUrl",
      label: "Base URL (optional)",
      secret: false,
      input: "url",
      required: false,
      hint: "For an OpenAI-compatible server; leave empty for api.openai.com.",
      fetchedByServer: true,
    },
  ],
};
