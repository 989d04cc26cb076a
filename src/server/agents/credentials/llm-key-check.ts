// Before an LLM credential is saved, one cheap authenticated call to the provider (listing models)
// tells a wrong or revoked key from a good one, so the mistake shows in the form and not in a run.

import { type LlmType, llmTypeLabels } from "../../../lib/agents/models.ts";
import { AppError } from "../../../lib/errors.ts";
import { networkReason } from "../../integrations/outbound-fetch.ts";
import type { ResolvedEndpoint } from "./llm-endpoints.ts";
import { llmFetch } from "./llm-fetch.ts";

const CHECK_TIMEOUT_MS = 10_000;

/**
 * A Google credential's optional project, as Google documents a REST request naming its quota project:
 * the x-goog-user-project header (https://cloud.google.com/docs/quotas/set-quota-project). Without it
 * the API key's own project is the quota project.
 */
export const googleProjectHeaders = (projectId: string | null | undefined): Record<string, string> =>
  projectId ? { "x-goog-user-project": projectId } : {};

function modelsRequest(
  llmType: LlmType,
  baseUrl: string,
  apiKey: string,
  googleProjectId: string | null,
): [string, RequestInit] {
  switch (llmType) {
    case "openai":
      return [`${baseUrl}/models`, { headers: { authorization: `Bearer ${apiKey}` } }];
    case "anthropic":
      return [
        `${baseUrl}/models?limit=1`,
        { headers: { "x-api-key": apiKey, "anthropic-version": "2023-06-01" } },
      ];
    case "google":
      return [
        `${baseUrl}/models?pageSize=1`,
        { headers: { "x-goog-api-key": apiKey, ...googleProjectHeaders(googleProjectId) } },
      ];
  }
}

/** The provider's own words for a refusal, when its error body has them. */
async function providerMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof body.error === "object" && body.error ? body.error.message : (body.message ?? body.error);
    return typeof message === "string" ? message.slice(0, 300) : null;
  } catch {
    return null;
  }
}

/** A message a person can act on when a provider refuses the key (shared with agent runs). */
export function rejectedKeyMessage(llmType: LlmType, status: number, detail: string | null): string {
  const label = llmTypeLabels[llmType];
  const base =
    status === 401 || status === 403 || status === 400
      ? `${label} rejected the API key (HTTP ${status}). Check that the key is correct and has not been revoked.`
      : `${label} answered HTTP ${status} when the API key was checked. Try again later.`;
  return detail ? `${base} ${label} said: ${detail}` : base;
}

export async function checkLlmKey(
  llmType: LlmType,
  endpoint: ResolvedEndpoint,
  apiKey: string,
  allowPrivateUrls: boolean,
  googleProjectId: string | null = null,
): Promise<void> {
  const [url, init] = modelsRequest(llmType, endpoint.baseUrl, apiKey, googleProjectId);
  let response: Response;
  try {
    response = await llmFetch(endpoint, allowPrivateUrls)(url, {
      ...init,
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      "BAD_REQUEST",
      `${llmTypeLabels[llmType]} could not be reached at ${endpoint.baseUrl} (${networkReason(error)}).`,
    );
  }
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  throw new AppError(
    "BAD_REQUEST",
    rejectedKeyMessage(llmType, response.status, await providerMessage(response)),
  );
}
