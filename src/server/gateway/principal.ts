// Who is calling the gateway: an API key or an OAuth access token, both bound to one project.
export interface Principal {
  projectId: string;
  organizationId: string;
  kind: "api_key" | "oauth";
  apiKeyId: string | null;
  oauthClientId: string | null;
  oauthClientName: string | null;
  /** How the call log names the caller: the API key's name or the OAuth client's name. */
  callerName: string;
  /** The key's creator, or the user who authorized the OAuth client. */
  userId: string;
}
