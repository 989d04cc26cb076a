// Sends the user's decision to the authorization server and carries the result to /oauth/success.
import { signedOAuthQuery } from "./consent-request.ts";

export class ConsentError extends Error {
  /** The request can no longer be answered (expired or tampered with): it must start again. */
  readonly restart: boolean;

  constructor(message: string, restart = false) {
    super(message);
    this.restart = restart;
  }
}

const EXPIRED = "This request has expired. Start again to get a fresh one.";

/** POSTs the decision with the signed request; resolves to where the browser goes next. */
export async function sendConsent(decision: { accept: boolean; projectId?: string }): Promise<string> {
  const oauthQuery = signedOAuthQuery(window.location.search);
  if (!oauthQuery) throw new ConsentError(EXPIRED, true);
  let response: Response;
  try {
    response = await fetch("/api/auth/oauth2/consent", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        accept: decision.accept,
        oauth_query: oauthQuery,
        project_id: decision.projectId,
      }),
    });
  } catch {
    throw new ConsentError("Portico could not be reached. Check your connection and try again.");
  }
  const body = (await response.json().catch(() => ({}))) as {
    url?: unknown;
    error?: string;
    error_description?: string;
    message?: string;
  };
  if (response.ok && typeof body.url === "string") return body.url;
  if (body.error === "invalid_signature") throw new ConsentError(EXPIRED, true);
  throw new ConsentError(body.error_description ?? body.message ?? "The request could not be completed.");
}

export interface Handoff {
  url: string;
  clientName: string;
  projectName: string;
}

// The redirect carries the authorization code: it stays in this tab only, and only until used.
const HANDOFF_KEY = "portico:oauth-handoff";

export function saveHandoff(handoff: Handoff): void {
  sessionStorage.setItem(HANDOFF_KEY, JSON.stringify(handoff));
}

export function readHandoff(): Handoff | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(HANDOFF_KEY) ?? "null") as Partial<Handoff> | null;
    if (typeof value?.url !== "string" || !/^[a-z][a-z0-9+.-]*:/i.test(value.url)) return null;
    if (/^(javascript|data|vbscript):/i.test(value.url)) return null;
    return {
      url: value.url,
      clientName: String(value.clientName ?? ""),
      projectName: String(value.projectName ?? ""),
    };
  } catch {
    return null;
  }
}

export function clearHandoff(): void {
  sessionStorage.removeItem(HANDOFF_KEY);
}
