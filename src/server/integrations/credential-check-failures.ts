// Why a credential check failed, in one plain sentence per cause, so the connect dialog (and the
// connection's status) says what to do instead of showing a network code such as ENOTFOUND.
import type { AuthFlowType, ProviderId } from "../../lib/integrations/types.ts";

export type CheckFailure =
  /** detail: what failed (network-failure.ts); addressGiven: the person typed the address, so may fix it. */
  | { cause: "unreachable"; detail?: string; addressGiven?: boolean }
  | { cause: "refused"; detail?: string }
  | { cause: "refused-login" }
  | { cause: "wrong-account" }
  | { cause: "unexpected"; detail?: string };

/**
 * The field naming the account, site or tenant in checks whose path carries it: there the provider
 * answers 404 for an account the credentials do not belong to (or that does not exist).
 */
const accountFields: Partial<Record<`${ProviderId}:${AuthFlowType}`, string>> = {
  "atlassian:api-token": "Site URL",
  "caflou:api-token": "Account ID",
};

/** The cause of a check's HTTP answer that was not a success. */
export function failureOfStatus(
  provider: ProviderId,
  authFlow: AuthFlowType,
  status: number,
  /** "HTTP 500 (…)" with the provider's message (network-failure.ts httpFailureDetail). */
  detail?: string,
): CheckFailure {
  if (status === 401 || status === 403) return { cause: "refused", detail };
  if (status === 404 && accountFields[`${provider}:${authFlow}`]) return { cause: "wrong-account" };
  return { cause: "unexpected", detail };
}

export function checkFailureMessage(
  name: string,
  provider: ProviderId,
  authFlow: AuthFlowType,
  failure: CheckFailure,
): string {
  switch (failure.cause) {
    case "unreachable":
      return failure.detail
        ? `Portico could not reach ${name} to check these credentials: ${failure.detail}. ${failure.addressGiven ? "Check the address, or try again in a few minutes." : "Try again in a few minutes."}`
        : `Portico could not reach ${name} to check these credentials: check the address, or try again in a few minutes.`;
    case "refused":
      return `${name} refused these credentials${failure.detail ? ` (${failure.detail})` : ""}: check that the key or secret was copied whole and is still valid.`;
    case "refused-login":
      return `${name} refused this email and password: check them, and that the user signs in without two-factor authentication.`;
    case "wrong-account":
      return `${name} does not know this ${accountFields[`${provider}:${authFlow}`]} for these credentials: check that it is the account or site they belong to.`;
    case "unexpected":
      return failure.detail
        ? `${name} could not check these credentials: it answered ${failure.detail}. Try again in a few minutes.`
        : `${name} could not check these credentials right now: try again in a few minutes.`;
  }
}
