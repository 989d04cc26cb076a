// Why a connection cannot be used for a call. Their own file, so the credential code that throws them
// (credential-login.ts) and the token code (access-token.ts) do not import each other.
/** The connection cannot give a token; `reason` is also its status reason. */
export class ConnectionUnavailableError extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(reason);
    this.name = "ConnectionUnavailableError";
    this.reason = reason;
  }
}

/** The provider refused the saved credential while a token was obtained with it (credential-refusal.ts). */
export class CredentialRefusedError extends ConnectionUnavailableError {
  constructor(reason: string) {
    super(reason);
    this.name = "CredentialRefusedError";
  }
}
