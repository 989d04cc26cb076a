// What a person reads when a model call fails: a refused key says so and what to do, a model that took
// too long or answered in a shape that cannot be read says that, other failures name the provider and
// its status. Nothing of the request (which may hold data) is repeated, and what the provider wrote is
// shown only with anything shaped like a key hidden: providers echo the key they were sent.
import { APICallError, InvalidResponseDataError, JSONParseError, TypeValidationError } from "ai";
import { type LlmType, llmTypeLabels } from "../../../lib/agents/models.ts";
import { AppError } from "../../../lib/errors.ts";
import { redactSecrets } from "../../integrations/connections/status-reason.ts";
import { networkReason } from "../../integrations/outbound-fetch.ts";
import { rejectedKeyMessage } from "../credentials/llm-key-check.ts";

function providerDetail(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === "string"
      ? redactSecrets(parsed.error.message.slice(0, 300))
      : null;
  } catch {
    return null;
  }
}

const unreadable = (label: string) =>
  `The model's answer could not be read: ${label} sent something that is not its API's format. Try again, or choose another model.`;

/** The failure behind an AI SDK error that wraps it (retries, stream errors). */
function causeOf(error: unknown): unknown {
  const wrapped = error as { lastError?: unknown; cause?: unknown };
  if (APICallError.isInstance(error)) return error;
  if (wrapped?.lastError !== undefined) return wrapped.lastError;
  return error;
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");

const isUnreadable = (error: unknown) =>
  JSONParseError.isInstance(error) ||
  TypeValidationError.isInstance(error) ||
  InvalidResponseDataError.isInstance(error) ||
  (APICallError.isInstance(error) && (error.statusCode ?? 0) >= 200 && (error.statusCode ?? 0) < 300);

export function llmErrorMessage(
  error: unknown,
  llmType: LlmType,
  run: { timeoutMs: number; cancelled: boolean } = { timeoutMs: 0, cancelled: false },
): string {
  const label = llmTypeLabels[llmType];
  const cause = causeOf(error);
  if (isAbort(cause) || isAbort(error)) {
    if (run.cancelled || run.timeoutMs === 0) return "The run was cancelled.";
    return `The model did not answer within ${Math.round(run.timeoutMs / 1000)} s. Try again later, or choose a faster model.`;
  }
  if (isUnreadable(cause) || isUnreadable(error)) return unreadable(label);
  if (APICallError.isInstance(cause)) {
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
  return `The run failed unexpectedly while talking to ${label}. Try again later.`;
}

/** A failure none of the messages above explains: worth a report, with the run's id. */
export function isUnexpectedFailure(error: unknown): boolean {
  const cause = causeOf(error);
  return !(
    error instanceof AppError ||
    isAbort(cause) ||
    isAbort(error) ||
    isUnreadable(cause) ||
    isUnreadable(error) ||
    APICallError.isInstance(cause)
  );
}
