// Why a credential check failed, in one plain sentence per cause, so the connect dialog (and the
// connection's status) says what to do instead of showing a network code such as ENOTFOUND.
import type { AuthFlowType, ProviderId } from "../../lib/integrations/types.ts";

export type CheckFailure =
  | { cause: "unreachable" }
  | { cause: "refused" }
  | { cause: "refused-login" }
  | { cause: "wrong-account" }
  | { cause: "unexpected" };

/**
 * The field naming the account, site or tenant in checks whose path carries it: there the provider
 * answers 404 for an account the credentials do not belong to (or that does not exist).
 */
const accountFields: Partial<Record<`${ProviderId}:${AuthFlowType}`, string>> = {
  "atlassian:api-token": "Site URL",
  "caflou:api-token": "Account ID",
};

/** The cause of a check's HTTP answer that was not a success. */
export function failureOfStatus(provider: ProviderId, authFlow: AuthFlowType, status: number): CheckFailure {
  if (status === 401 || status === 403) return { cause: "refused" };
  if (status === 404 && accountFields[`${provider}:${authFlow}`]) return { cause: "wrong-account" };
  return { cause: "unexpected" };
}

export function checkFailureMessage(
  name: string,
  provider: ProviderId,
  authFlow: AuthFlowType,
  failure: CheckFailure,
): string {
  switch (failure.cause) {
    case "unreachable":
      return `Portico could not reach ${name} to check these credentials: check the address, or try again in a few minutes.`;
    case "refused":
      return `${name} refused these credentials: check that the key or secret was copied whole and is still valid.`;
    case "refused-login":
      return `${name} refused this email and password: check them, and that the user signs in without two-factor authentication.`;
    case "wrong-account":
      return `${name} does not know this ${accountFields[`${provider}:${authFlow}`]} for these credentials: check that it is the account or site they belong to.`;
    case "unexpected":
      return `${name} could not check these credentials right now: try again in a few minutes.`;
  }
}
