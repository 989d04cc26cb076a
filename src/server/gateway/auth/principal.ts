// Who is calling the gateway: an API key, an OAuth access token or an external user's "pxu_" token, each
// bound to one project.
export interface Principal {
  projectId: string;
  organizationId: string;
  kind: "api_key" | "oauth" | "external_user";
  apiKeyId: string | null;
  oauthClientId: string | null;
  oauthClientName: string | null;
  /** How the call log names the caller: the API key's name or the OAuth client's name. */
  callerName: string;
  /** The key's creator, or the user who authorized the OAuth client. */
  userId: string;
  /**
   * The person the call acts as, whose personal connections it may use: the OAuth token's user, a
   * personal key's creator, the signed-in person in the app. Null for a project key, a service identity
   * that reaches shared connections only.
   */
  person: string | null;
  /**
   * A "pxu_" token's external user (external-users/): personal-mode servers use that user's own
   * connections; `person` is null, since it is no member.
   */
  externalUserId?: string;
}

/**
 * A signed-in person acting in the app (the playground, a run they start, a schedule they set), with
 * neither a key nor an OAuth client: the call acts as them, with their own connections.
 */
export function personPrincipal(who: {
  projectId: string;
  organizationId: string;
  userId: string;
  callerName: string;
}): Principal {
  return {
    ...who,
    kind: "api_key",
    apiKeyId: null,
    oauthClientId: null,
    oauthClientName: null,
    person: who.userId,
  };
}
