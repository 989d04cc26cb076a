// The conformance suite's prompts (plain, with arguments, with an embedded resource, with an image)
// and argument completion for the prompt arguments and the resource template's {id}.
import {
  type CompleteRequest,
  type CompleteResult,
  ErrorCode,
  type GetPromptResult,
  McpError,
  type Prompt,
} from "@modelcontextprotocol/sdk/types.js";
import { RED_PIXEL_PNG_BASE64 } from "./fixture-media.ts";
import { TEMPLATE_IDS } from "./resources.ts";

interface FixturePrompt extends Prompt {
  description: string;
  render(args: Record<string, string>): GetPromptResult["messages"];
}

const userText = (value: string) => ({
  role: "user" as const,
  content: { type: "text" as const, text: value },
});

const prompts: FixturePrompt[] = [
  {
    name: "test_simple_prompt",
    title: "Simple Test Prompt",
    description: "A simple prompt without arguments",
    render: () => [userText("This is a simple prompt for testing.")],
  },
  {
    name: "test_prompt_with_arguments",
    title: "Prompt With Arguments",
    description: "A prompt with required arguments",
    arguments: [
      { name: "arg1", description: "First test argument", required: true },
      { name: "arg2", description: "Second test argument", required: true },
    ],
    render: ({ arg1, arg2 }) => [userText(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`)],
  },
  {
    name: "test_prompt_with_embedded_resource",
    title: "Prompt With Embedded Resource",
    description: "A prompt that includes an embedded resource",
    arguments: [{ name: "resourceUri", description: "URI of the resource to embed", required: true }],
    render: ({ resourceUri = "" }) => [
      {
        role: "user",
        content: {
          type: "resource",
          resource: {
            uri: resourceUri,
            mimeType: "text/plain",
            text: "Embedded resource content for testing.",
          },
        },
      },
      userText("Please process the embedded resource above."),
    ],
  },
  {
    name: "test_prompt_with_image",
    title: "Prompt With Image",
    description: "A prompt that includes image content",
    render: () => [
      { role: "user", content: { type: "image", data: RED_PIXEL_PNG_BASE64, mimeType: "image/png" } },
      userText("Please analyze the image above."),
    ],
  },
];

export const listedPrompts: Prompt[] = prompts.map(({ render: _render, ...prompt }) => prompt);

export function getPrompt(name: string, args: Record<string, string> = {}): GetPromptResult {
  const prompt = prompts.find((candidate) => candidate.name === name);
  if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
  const missing = (prompt.arguments ?? []).filter((argument) => argument.required && !args[argument.name]);
  if (missing.length > 0) {
    const names = missing.map((argument) => argument.name).join(", ");
    throw new McpError(ErrorCode.InvalidParams, `Missing required arguments: ${names}`);
  }
  return { description: prompt.description, messages: prompt.render(args) };
}

/** Suggestions per completable argument: "prompt name/argument" or "template uri/variable". */
const suggestions: Record<string, string[]> = {
  "test_prompt_with_arguments/arg1": ["paris", "park", "party", "test", "testing"],
  "test_prompt_with_arguments/arg2": ["alpha", "beta", "gamma"],
  "test://template/{id}/data/id": TEMPLATE_IDS,
};

export function complete({ ref, argument }: CompleteRequest["params"]): CompleteResult {
  const owner = ref.type === "ref/prompt" ? ref.name : ref.uri;
  const known =
    ref.type === "ref/prompt"
      ? prompts.some((prompt) => prompt.name === ref.name)
      : ref.uri === "test://template/{id}/data";
  if (!known) throw new McpError(ErrorCode.InvalidParams, `Nothing to complete for ${owner}`);
  const prefix = argument.value.toLowerCase();
  const values = (suggestions[`${owner}/${argument.name}`] ?? []).filter((value) => value.startsWith(prefix));
  return { completion: { values, total: values.length, hasMore: false } };
}
