// Saved credentials that are a login rather than a token (Caflou: email and password for a token that
// expires a week later). The login request is the provider's own (src/integrations/_providers/); this
// sends it the way the check and the engines reach that provider, and keeps each credential's token
// until shortly before it expires, or until the provider refuses it once (then it logs in again).
import { createHash } from "node:crypto";
import {
  type CredentialAccess,
  type CredentialValues,
  type LoginRequest,
  SESSION_TOKEN,
} from "../../integrations/_providers/access.ts";
import { accessFromCredential, providerEndpoints, providerSpecs } from "../../integrations/registry.ts";
import { AppError } from "../../lib/errors.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { AuthFlowType, ProviderId } from "../../lib/integrations/types.ts";
import type { Config } from "../config.ts";
import { fetchPublicUrl } from "../security/ssrf-guard.ts";
import { ConnectionUnavailableError, CredentialRefusedError } from "./connections/connection-errors.ts";
import { loginRefusesCredential } from "./connections/credential-refusal.ts";
import { REFRESH_MARGIN_MS } from "./connections/refresh-margin.ts";
import { httpFailureDetail, networkFailureDetail, providerMessageOf } from "./network-failure.ts";
import { PROVIDER_TIMEOUT_MS, providerFetch } from "./outbound-fetch.ts";

type LoginConfig = Pick<Config, "integrationEndpoints" | "allowPrivateUrls">;

export type LoginOutcome =
  | { token: string; expiresAt: number }
  /** message: the provider's own words from the error answer (network-failure.ts providerMessageOf). */
  | { status: number; message?: string }
  /** host: where the login went; addressGiven: the person typed that address, so may fix it. */
  | { unreachable: unknown; host: string; addressGiven: boolean }
  | { unreadable: true };

/** The provider's login for these values, or undefined when they are not a login. */
export function loginRequest(
  provider: ProviderId,
  flow: AuthFlowType,
  values: CredentialValues,
): LoginRequest | undefined {
  return flow === "oauth" ? undefined : providerSpecs[provider].login?.[flow]?.(values);
}

/** Logs in once; undefined when the values are not a login. */
export async function logIn(
  config: LoginConfig,
  provider: ProviderId,
  flow: AuthFlowType,
  values: CredentialValues,
): Promise<LoginOutcome | undefined> {
  const request = loginRequest(provider, flow, values);
  const access = accessFromCredential(provider, flow, values, providerEndpoints(provider, config));
  if (!request || !access) return undefined;
  const init = {
    method: request.method,
    headers: { accept: "application/json", ...request.headers },
    body: request.body,
  };
  const url = `${access.baseUrl}${request.path}`;
  let response: Response;
  try {
    response = await send(config, access, url, init);
  } catch (error) {
    return { unreachable: error, host: hostOf(url), addressGiven: access.userSupplied === true };
  }
  if (!response.ok) return { status: response.status, message: await providerMessageOf(response) };
  try {
    return request.read(await response.json(), Date.now()) ?? { unreadable: true };
  } catch {
    return { unreadable: true };
  }
}

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

// A user-given base URL goes through the SSRF guard, a configured one through providerFetch; neither
// follows redirects, which would resend the password wherever they point.
function send(config: LoginConfig, access: CredentialAccess, url: string, init: RequestInit) {
  return access.userSupplied
    ? fetchPublicUrl(
        url,
        init as Parameters<typeof fetchPublicUrl>[1],
        { allowPrivateNetworks: config.allowPrivateUrls },
        { timeoutMs: PROVIDER_TIMEOUT_MS, maxRedirects: 0 },
      )
    : providerFetch(url, init);
}

interface Session {
  /** Which values the token was obtained with: an edited credential logs in afresh. */
  fingerprint: string;
  token: string;
  expiresAt: number;
}

// Per credential id (unique across organizations). A process keeps its own: replicas each log in once.
const sessions = new Map<string, Session>();
const inFlight = new Map<string, Promise<Session>>();

const fingerprintOf = (values: CredentialValues) =>
  createHash("sha256")
    .update(JSON.stringify(Object.entries(values).sort(([a], [b]) => a.localeCompare(b))))
    .digest("base64url");

/**
 * The values with a logged-in session token added (and that token), or the values unchanged when they
 * are not a login. `rejected`: a token the provider just refused, which is replaced by a new login.
 * Throws ConnectionUnavailableError with a sentence saying what to do when the login fails
 * (CredentialRefusedError when the provider refused the email and password).
 */
export async function withSession(
  config: LoginConfig,
  credentialId: string,
  provider: ProviderId,
  flow: AuthFlowType,
  values: CredentialValues,
  rejected?: string,
): Promise<{ values: CredentialValues; sessionToken?: string }> {
  if (!loginRequest(provider, flow, values)) return { values };
  const fingerprint = fingerprintOf(values);
  const known = sessions.get(credentialId);
  const usable =
    known?.fingerprint === fingerprint &&
    known.token !== rejected &&
    known.expiresAt - Date.now() > REFRESH_MARGIN_MS;
  let session = usable ? known : undefined;
  if (!session) {
    const key = `${credentialId}:${fingerprint}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = newSession(config, provider, flow, values, fingerprint).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    session = await pending;
    sessions.set(credentialId, session);
  }
  return { values: { ...values, [SESSION_TOKEN]: session.token }, sessionToken: session.token };
}

async function newSession(
  config: LoginConfig,
  provider: ProviderId,
  flow: AuthFlowType,
  values: CredentialValues,
  fingerprint: string,
): Promise<Session> {
  const name = providers[provider].name;
  const outcome = await logIn(config, provider, flow, values);
  if (outcome && "token" in outcome) return { fingerprint, ...outcome };
  if (!outcome || "unreadable" in outcome) {
    throw new ConnectionUnavailableError(`${name}'s login answer carried no access token. Try again later.`);
  }
  if ("unreachable" in outcome) {
    const reason =
      outcome.unreachable instanceof AppError
        ? outcome.unreachable.message.replace(/\.$/, "")
        : networkFailureDetail(outcome.unreachable, outcome.host);
    throw new ConnectionUnavailableError(
      `Could not reach ${name} to log in: ${reason}. Try again in a few minutes.`,
    );
  }
  const answered = httpFailureDetail(outcome.status, outcome.message);
  if (loginRefusesCredential(outcome.status)) {
    throw new CredentialRefusedError(
      `${name} refused the saved email and password, answering ${answered}: update the ${name} credentials in the organization's integrations.`,
    );
  }
  throw new ConnectionUnavailableError(
    `${name} answered ${answered} when Portico logged in. Try again in a few minutes.`,
  );
}
