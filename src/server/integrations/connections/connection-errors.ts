// Why a connection cannot be used for a call. Their own file, so the credential code that throws them
// (credential-login.ts) and the token code (access-token.ts) do not import each other.
// The class itself is the integrations kit's: provider hooks (Atlassian's sites) throw it too.
import { ConnectionUnavailableError } from "../../../integrations/_kit/connection-account.ts";

export { ConnectionUnavailableError };

/** The provider refused the saved credential while a token was obtained with it (credential-refusal.ts). */
export class CredentialRefusedError extends ConnectionUnavailableError {
  constructor(reason: string) {
    super(reason);
    this.name = "CredentialRefusedError";
  }
}
