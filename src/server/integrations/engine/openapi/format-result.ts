// Upstream answers → tool results. JSON becomes text plus structuredContent (objects as they are,
// arrays as { items }, other values as { value }); anything else is text. Text is capped so one answer
// cannot flood the model's context; a truncated answer drops structuredContent, which would no longer
// match the text. Errors state the provider, the HTTP status and the provider's own message.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { AuthFlowType } from "../../../../lib/integrations/types.ts";
import { toolError } from "../../../gateway/catalogue/tool-types.ts";
import { readTextCapped } from "../../../security/ssrf-guard.ts";

export const MAX_RESULT_BYTES = 100 * 1024;
const MAX_ERROR_MESSAGE_CHARS = 500;

const isJson = (contentType: string | null) => /^application\/([\w.+-]+\+)?json\b/i.test(contentType ?? "");

const clip = (text: string) =>
  text.length > MAX_ERROR_MESSAGE_CHARS ? `${text.slice(0, MAX_ERROR_MESSAGE_CHARS)}…` : text;

/** The human part of an error body, in the shapes providers commonly use. */
export function errorMessage(body: string, contentType: string | null): string {
  const trimmed = body.trim();
  if (!trimmed) return "";
  if (isJson(contentType) || /^[[{]/.test(trimmed)) {
    try {
      return clip(messageIn(JSON.parse(trimmed)) ?? trimmed.replace(/\s+/g, " "));
    } catch {
      // Not JSON after all: fall through to the text.
    }
  }
  return clip(
    trimmed
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

function messageIn(value: unknown): string | undefined {
  if (typeof value === "string") return value || undefined;
  if (Array.isArray(value)) return messageIn(value[0]);
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const jira = atlassianMessage(record);
  if (jira) return jira;
  const graph = graphMessage(record);
  if (graph) return graph;
  // Raynet sends an exception name as `message` and the sentence for people as `translatedMessage`.
  for (const key of [
    "translatedMessage",
    "message",
    "error_description",
    "errorMessage",
    "detail",
    "title",
    "error",
    "errors",
    // monday.com's non-GraphQL errors: { error_code, error_message, status_code }.
    "error_message",
  ]) {
    const found = messageIn(record[key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Jira's and Confluence's error shape: { errorMessages: [..], errors: { field: message } }, as one
 * sentence ("Issue does not exist; summary: You must specify a summary of the issue.").
 * https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/#status-codes
 */
function atlassianMessage(record: Record<string, unknown>): string | undefined {
  const { errorMessages, errors } = record;
  const general = Array.isArray(errorMessages)
    ? errorMessages.filter((item) => typeof item === "string")
    : [];
  const byField =
    typeof errors === "object" && errors !== null && !Array.isArray(errors)
      ? Object.entries(errors)
          .filter(([, message]) => typeof message === "string")
          .map(([field, message]) => `${field}: ${message}`)
      : [];
  const parts = [...general, ...byField];
  return parts.length > 0 ? parts.join("; ") : undefined;
}

/**
 * Microsoft Graph's error shape: { error: { code, message, innerError } }, as the message with its code
 * ("The specified object was not found in the store. (ErrorItemNotFound)").
 * https://learn.microsoft.com/graph/errors
 */
function graphMessage(record: Record<string, unknown>): string | undefined {
  const error = record.error;
  if (typeof error !== "object" || error === null) return undefined;
  const { code, message } = error as Record<string, unknown>;
  if (typeof code !== "string" || typeof message !== "string" || !message) return undefined;
  return `${message.replace(/\s+$/, "")} (${code})`;
}

export async function upstreamError(
  response: Response,
  providerName: string,
  authFlow: AuthFlowType,
): Promise<CallToolResult> {
  const { text } = await readTextCapped(response, 16 * 1024);
  const message = errorMessage(text, response.headers.get("content-type"));
  const stated = `${providerName} answered HTTP ${response.status}${message ? `: ${message}` : "."}`;
  if (response.status === 401) {
    const fix =
      authFlow === "oauth"
        ? `The ${providerName} connection's access was refused: reconnect ${providerName} in the organization's integrations.`
        : `The saved ${providerName} credentials were refused: update them in the organization's integrations.`;
    return toolError(`${stated} ${fix}`);
  }
  return toolError(stated);
}

export async function successResult(response: Response, providerName: string): Promise<CallToolResult> {
  const { text, truncated } = await readTextCapped(response, MAX_RESULT_BYTES);
  if (!text.trim()) {
    return {
      content: [{ type: "text", text: `${providerName} answered HTTP ${response.status} with no content.` }],
    };
  }
  if (truncated) {
    const note =
      `\n\n[Truncated: the answer was larger than ${MAX_RESULT_BYTES / 1024} KB. ` +
      "Ask for less, e.g. a smaller limit, fewer properties or a narrower filter.]";
    return { content: [{ type: "text", text: `${text}${note}` }] };
  }
  if (isJson(response.headers.get("content-type"))) {
    try {
      const parsed: unknown = JSON.parse(text);
      const structured = Array.isArray(parsed)
        ? { items: parsed }
        : typeof parsed === "object" && parsed !== null
          ? (parsed as Record<string, unknown>)
          : { value: parsed };
      return { content: [{ type: "text", text: JSON.stringify(parsed) }], structuredContent: structured };
    } catch {
      // A provider that labels broken JSON as JSON: its text is still worth returning.
    }
  }
  return { content: [{ type: "text", text }] };
}
