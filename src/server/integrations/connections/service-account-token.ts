// Access tokens for Google service accounts, minted the way "Using OAuth 2.0 for Server to Server
// Applications" documents (https://developers.google.com/identity/protocols/oauth2/service-account):
// a JWT {"alg":"RS256","typ":"JWT"} with iss (the key's client_email), scope (space-delimited), aud (the
// token endpoint), iat, exp (one hour later) and sub (the Workspace user acted as), signed RS256 with the
// key's private key, POSTed as grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=….
// A token is cached until shortly before its expiry (per key, user and scopes) and minted again once
// when a provider refuses it (401). Service accounts have no refresh token: a new assertion is the refresh.
import { createHash, createPrivateKey, sign } from "node:crypto";
import { z } from "zod";
import type { CredentialValues } from "../../../integrations/_providers/access.ts";
import {
  integrationRegistry,
  integrationsOfProvider,
  providerEndpoints,
} from "../../../integrations/registry.ts";
import {
  readServiceAccountKey,
  type ServiceAccountKey,
} from "../../../lib/integrations/credentials/google-service-account.ts";
import type { ProviderId } from "../../../lib/integrations/types.ts";
import type { Config } from "../../config.ts";
import { networkReason, providerFetch } from "../outbound-fetch.ts";
import { grantRefusesCredential } from "./credential-refusal.ts";

export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";
/** Google accepts assertions valid for at most one hour. */
const ASSERTION_LIFETIME_S = 3600;
/** Mint again this long before expiry, so a token never expires in the middle of a call. */
const MARGIN_MS = 60_000;

/** The key could not give a token; `message` is a sentence for people (the check's 400, the tool's error). */
export class ServiceAccountError extends Error {
  /** Google refused the grant for good (credential-refusal.ts): the connection is broken, not busy. */
  readonly refused: boolean;

  constructor(message: string, refused = false) {
    super(message);
    this.name = "ServiceAccountError";
    this.refused = refused;
  }
}

interface Cached {
  token: string;
  expiresAt: number;
}
const cache = new Map<string, Cached>();
const inFlight = new Map<string, Promise<string>>();

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** The signed assertion (exported for the tests' fake, which verifies it with the public key). */
export function signAssertion(
  key: ServiceAccountKey,
  claims: { scope: string; aud: string; sub: string },
  nowS = Math.floor(Date.now() / 1000),
): string {
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const body = base64url(
    JSON.stringify({
      iss: key.client_email,
      scope: claims.scope,
      aud: claims.aud,
      exp: nowS + ASSERTION_LIFETIME_S,
      iat: nowS,
      sub: claims.sub,
    }),
  );
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey(key.private_key);
  } catch {
    throw new ServiceAccountError(
      "The service account key's private_key cannot be read. Paste the key file again.",
    );
  }
  const signature = sign("RSA-SHA256", Buffer.from(`${header}.${body}`), privateKey);
  return `${header}.${body}.${base64url(signature)}`;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});
const refusal = z.object({ error: z.string(), error_description: z.string().optional() });

export interface ServiceAccountRequest {
  /** The saved JSON key (text). */
  serviceAccountKey: unknown;
  subject: string;
  scopes: readonly string[];
  /** The provider's token endpoint (configuration); the key's token_uri must name the same. */
  tokenUrl: string;
}

async function mint(key: ServiceAccountKey, request: ServiceAccountRequest): Promise<Cached> {
  const scope = request.scopes.join(" ");
  const assertion = signAssertion(key, { scope, aud: request.tokenUrl, sub: request.subject });
  let response: Response;
  try {
    response = await providerFetch(request.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }),
    });
  } catch (error) {
    throw new ServiceAccountError(`Could not reach Google's token endpoint: ${networkReason(error)}.`);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refused = refusal.safeParse(body);
    const detail = refused.success
      ? `${refused.data.error}${refused.data.error_description ? ` (${refused.data.error_description})` : ""}`
      : `HTTP ${response.status}`;
    // unauthorized_client is what a missing domain-wide delegation looks like: say what to allow.
    const hint =
      refused.success && refused.data.error === "unauthorized_client"
        ? ` In the Workspace admin console, allow the service account's client ID these scopes under domain-wide delegation: ${scope}.`
        : "";
    throw new ServiceAccountError(
      `Google refused the service account: ${detail}.${hint}`,
      refused.success && grantRefusesCredential(refused.data.error),
    );
  }
  const parsed = tokenAnswer.safeParse(body);
  if (!parsed.success) throw new ServiceAccountError("Google sent a token answer Portico cannot read.");
  const lifetimeS = parsed.data.expires_in ?? ASSERTION_LIFETIME_S;
  return { token: parsed.data.access_token, expiresAt: Date.now() + lifetimeS * 1000 };
}

/**
 * A usable access token for the key acting as `subject`. `rejected`: the token a provider just refused
 * (401); unless another caller already replaced it, a new one is minted.
 */
export async function serviceAccountToken(
  request: ServiceAccountRequest,
  rejected?: string,
): Promise<string> {
  const key = readServiceAccountKey(request.serviceAccountKey);
  if ("problem" in key) throw new ServiceAccountError(`${key.problem}.`);
  if (key.token_uri !== undefined && key.token_uri !== request.tokenUrl) {
    // The key is pasted by a user: Portico posts signed assertions only to Google's own endpoint.
    throw new ServiceAccountError(
      `The key's token_uri (${key.token_uri}) is not Google's token endpoint (${request.tokenUrl}).`,
    );
  }
  const id = createHash("sha256")
    .update(
      JSON.stringify([key.client_email, key.private_key, request.subject, request.scopes, request.tokenUrl]),
    )
    .digest("base64url");
  const known = cache.get(id);
  if (known && known.token !== rejected && known.expiresAt - Date.now() > MARGIN_MS) return known.token;
  let pending = inFlight.get(id);
  if (!pending) {
    pending = mint(key, request)
      .then((minted) => {
        // Entries are tiny; the bound only stops a long-lived process from collecting stale keys forever.
        if (cache.size >= 1000) cache.delete(cache.keys().next().value ?? "");
        cache.set(id, minted);
        return minted.token;
      })
      .finally(() => inFlight.delete(id));
    inFlight.set(id, pending);
  }
  return pending;
}

/**
 * A service-account credential's values with a fresh `accessToken` added, for the provider's access
 * builder (src/integrations/_providers/google.ts). The token asks for every scope the provider's
 * integrations use, as an OAuth connection does.
 */
export async function withServiceAccountToken(
  config: Pick<Config, "integrationEndpoints">,
  provider: ProviderId,
  values: CredentialValues,
  rejected?: string,
): Promise<CredentialValues> {
  const tokenUrl = providerEndpoints(provider, config).tokenUrl ?? "";
  const scopes = [
    ...new Set(integrationsOfProvider(provider).flatMap((id) => integrationRegistry[id].oauthScopes)),
  ];
  const accessToken = await serviceAccountToken(
    { serviceAccountKey: values.serviceAccountKey, subject: String(values.subject ?? ""), scopes, tokenUrl },
    rejected,
  );
  return { ...values, accessToken };
}
