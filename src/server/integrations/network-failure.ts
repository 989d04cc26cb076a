// What went wrong when a provider could not be reached or refused, in words people can act on: the
// name did not resolve (DNS), the connection was refused, no answer in time, a certificate problem, or
// the provider's HTTP status with its own message. "Check the address" alone named no cause, and for
// providers whose address Portico knows (Raynet) there was no address to check.
import { PROVIDER_TIMEOUT_MS } from "./outbound-fetch.ts";

const codeOf = (error: unknown): string | undefined => {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === "string" ? cause.code : (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
};

/** Why a request to `host` got no HTTP answer, as a clause ("the name … could not be found (DNS)"). */
export function networkFailureDetail(error: unknown, host: string): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `${host} did not answer within ${PROVIDER_TIMEOUT_MS / 1000} seconds (timeout)`;
  }
  const code = codeOf(error);
  switch (code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
      return `the name ${host} could not be found (DNS)`;
    case "ECONNREFUSED":
      return `${host} refused the connection (nothing listens there)`;
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return `${host} closed the connection before answering`;
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
    case "UND_ERR_HEADERS_TIMEOUT":
      return `${host} did not answer in time (timeout)`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `no network route to ${host}`;
    default:
      if (code?.startsWith("ERR_TLS") || code?.includes("CERT")) {
        return `${host}'s TLS certificate was not accepted (${code})`;
      }
      return code ? `the connection to ${host} failed (${code})` : `the connection to ${host} failed`;
  }
}

const MAX_BODY_CHARS = 4096;
const MAX_MESSAGE_CHARS = 200;

/** The provider's own explanation from an error answer's body (JSON message fields or short text). */
export async function providerMessageOf(response: Response): Promise<string | undefined> {
  let text: string;
  try {
    text = (await response.text()).slice(0, MAX_BODY_CHARS);
  } catch {
    return undefined;
  }
  const fromJson = messageInJson(text);
  const message = fromJson ?? (/^\s*</.test(text) ? undefined : text);
  const oneLine = message?.replace(/\s+/g, " ").trim();
  if (!oneLine) return undefined;
  return oneLine.length > MAX_MESSAGE_CHARS ? `${oneLine.slice(0, MAX_MESSAGE_CHARS)}…` : oneLine;
}

function messageInJson(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const pick = (value: unknown): string | undefined => {
    if (typeof value === "string" && value.trim()) return value;
    if (Array.isArray(value)) return pick(value[0]);
    if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      for (const key of ["message", "error_description", "error", "detail", "title", "errors"]) {
        const found = pick(record[key]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return pick(body);
}

/** "HTTP 500" with the provider's words when it gave any: `HTTP 500 ("Service temporarily down")`. */
export const httpFailureDetail = (status: number, message: string | undefined) =>
  message ? `HTTP ${status} ("${message}")` : `HTTP ${status}`;
