// What a person reads when a model call fails: a refused key says so and what to do, other failures
// name the provider and its status, and nothing of the request (which may hold data) is repeated.
import { APICallError } from "ai";
import { type LlmType, llmTypeLabels } from "../../../lib/agents/models.ts";
import { AppError } from "../../../lib/errors.ts";
import { networkReason } from "../../integrations/outbound-fetch.ts";
import { rejectedKeyMessage } from "../credentials/llm-key-check.ts";

function providerDetail(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === "string" ? parsed.error.message.slice(0, 300) : null;
  } catch {
    return null;
  }
}

export function llmErrorMessage(error: unknown, llmType: LlmType): string {
  const label = llmTypeLabels[llmType];
  const cause = APICallError.isInstance(error)
    ? error
    : APICallError.isInstance((error as { lastError?: unknown })?.lastError)
      ? (error as { lastError: APICallError }).lastError
      : null;
  if (cause) {
    const status = cause.statusCode ?? 0;
    if (status === 401 || status === 403)
      return rejectedKeyMessage(llmType, status, providerDetail(cause.responseBody));
    if (status === 429) return `${label} is rate limiting this API key (HTTP 429). Try again in a minute.`;
    if (status === 404)
      return `${label} does not know the model (HTTP 404). Choose another model in Configure Agent.`;
    if (status > 0)
      return `${label} answered HTTP ${status}. ${providerDetail(cause.responseBody) ?? "Try again later."}`;
    return `${label} could not be reached (${networkReason(cause.cause ?? cause)}).`;
  }
  if (error instanceof AppError) return error.message;
  if (error instanceof Error && error.name === "AbortError") return "The run was cancelled.";
  return `The run failed unexpectedly while talking to ${label}. Try again later.`;
}
