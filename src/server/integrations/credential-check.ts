// Service-account and API-token credentials are checked with one cheap, read-only call before they
// are saved, so a typo is reported at once instead of when an agent first uses the integration.

import {
  type CredentialAccess,
  type CredentialValues,
  SESSION_TOKEN,
} from "../../integrations/_providers/access.ts";
import { accessFromCredential, providerEndpoints, providerSpecs } from "../../integrations/registry.ts";
import { AppError } from "../../lib/errors.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { AuthFlowType, ProviderId } from "../../lib/integrations/types.ts";
import type { Config } from "../config.ts";
import { fetchPublicUrl } from "../security/ssrf-guard.ts";
import { ServiceAccountError, withServiceAccountToken } from "./connections/service-account-token.ts";
import { type CheckFailure, checkFailureMessage, failureOfStatus } from "./credential-check-failures.ts";
import { logIn } from "./credential-login.ts";
import { httpFailureDetail, networkFailureDetail, providerMessageOf } from "./network-failure.ts";
import { PROVIDER_TIMEOUT_MS, providerFetch } from "./outbound-fetch.ts";

export const isCheckedFlow = (flow: AuthFlowType) => flow !== "oauth";

/**
 * Throws BAD_REQUEST with a reason people can act on when the provider does not accept the values;
 * else the access the check used (with a login's token), for the identity call after saving.
 */
export async function checkCredential(
  config: Pick<Config, "integrationEndpoints" | "allowPrivateUrls">,
  provider: ProviderId,
  authFlow: AuthFlowType,
  values: CredentialValues,
): Promise<CredentialAccess | undefined> {
  // Each provider's check and access are in src/integrations/_providers/<provider>.ts.
  const check = authFlow === "oauth" ? undefined : providerSpecs[provider].check[authFlow];
  // A service account's key is checked by minting a token with it (signature, delegation and user),
  // then by the check call with that token.
  const usable = authFlow === "service-account" ? await mintedOrRefused(config, provider, values) : values;
  if (!check) return undefined;
  const name = providers[provider].name;
  // Credentials that are a login (Caflou) log in first; the check then goes out with that token.
  const session = await checkLogin(config, provider, authFlow, usable, name);
  const withToken = session ? { ...usable, [SESSION_TOKEN]: session } : usable;
  const access = accessFromCredential(provider, authFlow, withToken, providerEndpoints(provider, config));
  if (!access) return undefined;
  const request = check(usable);
  const url = `${access.baseUrl}${request.path}`;
  const policy = { allowPrivateNetworks: config.allowPrivateUrls };
  const init = {
    method: request.method ?? "GET",
    headers: { accept: "application/json", ...access.headers, ...request.headers },
    body: request.body,
  };
  let response: Response;
  try {
    response = access.userSupplied
      ? // No redirects: following one would send the credentials to wherever it points.
        await fetchPublicUrl(url, init, policy, { timeoutMs: PROVIDER_TIMEOUT_MS, maxRedirects: 0 })
      : await providerFetch(url, init);
  } catch (error) {
    // The SSRF guard's refusal of an address is already a sentence about that address.
    if (error instanceof AppError) throw error;
    throw new AppError(
      "BAD_REQUEST",
      checkFailureMessage(name, provider, authFlow, {
        cause: "unreachable",
        detail: networkFailureDetail(error, hostOf(url)),
        addressGiven: access.userSupplied === true,
      }),
    );
  }
  if (response.ok) {
    await response.body?.cancel();
    return access;
  }
  const detail = httpFailureDetail(response.status, await providerMessageOf(response));
  const failure = failureOfStatus(provider, authFlow, response.status, detail);
  throw new AppError("BAD_REQUEST", checkFailureMessage(name, provider, authFlow, failure));
}

async function mintedOrRefused(
  config: Pick<Config, "integrationEndpoints">,
  provider: ProviderId,
  values: CredentialValues,
): Promise<CredentialValues> {
  try {
    return await withServiceAccountToken(config, provider, values);
  } catch (error) {
    if (error instanceof ServiceAccountError) throw new AppError("BAD_REQUEST", error.message);
    throw error;
  }
}

/** The login's token, undefined when the values are not a login; a refused or failed login is the answer. */
async function checkLogin(
  config: Pick<Config, "integrationEndpoints" | "allowPrivateUrls">,
  provider: ProviderId,
  authFlow: AuthFlowType,
  values: CredentialValues,
  name: string,
): Promise<string | undefined> {
  const outcome = await logIn(config, provider, authFlow, values);
  if (!outcome) return undefined;
  if ("token" in outcome) return outcome.token;
  if ("unreachable" in outcome) {
    if (outcome.unreachable instanceof AppError) throw outcome.unreachable;
    throw new AppError(
      "BAD_REQUEST",
      checkFailureMessage(name, provider, authFlow, {
        cause: "unreachable",
        detail: networkFailureDetail(outcome.unreachable, outcome.host),
        addressGiven: outcome.addressGiven,
      }),
    );
  }
  // What the login answered, with the provider's words: the same wording as the check's own call.
  const failure: CheckFailure =
    "status" in outcome
      ? outcome.status === 401 || outcome.status === 403
        ? { cause: "refused-login" }
        : {
            cause: "unexpected",
            detail: `${httpFailureDetail(outcome.status, outcome.message)} to the login`,
          }
      : { cause: "unexpected" };
  throw new AppError("BAD_REQUEST", checkFailureMessage(name, provider, authFlow, failure));
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
