// What an OAuth connection learns about the account at connect time and per call, for the provider
// hooks of _providers/provider-spec.ts (OAuthSpec.accountAfterConnect, OAuthSpec.address): Atlassian's
// sites, Salesforce's instance. The server stores the account, caches what was discovered and does the
// fetching (AskProvider), so a provider's quirks stay in its own file.

/** A site (or account) of the provider the connection can reach; not secret. */
export interface ConnectionSite {
  id: string;
  url: string;
  name: string;
}

/**
 * Which of the provider's sites the connection uses (Atlassian: the site chosen in the connect flow) and
 * the sites it could use, listed when the user has to choose. A connection whose account lists sites
 * but has none chosen waits for that choice.
 */
export interface ConnectionAccount {
  site?: ConnectionSite;
  sites?: ConnectionSite[];
}

/** Where a connection's calls go besides the provider's API base URL. */
export interface ConnectionAddress {
  /** The account's own API host (Salesforce's instance). */
  baseUrl?: string;
  /** The OpenAPI servers' variables (Atlassian's cloudId). */
  variables: Record<string, string>;
}

/**
 * GET `url` with the connection's token and read its JSON answer. Throws ConnectionUnavailableError,
 * worded for the person, when the provider cannot be reached or refuses; `what` says what was asked
 * ("list your sites").
 */
export type AskProvider = (url: string, what: string) => Promise<unknown>;

/** Why a connection cannot be used or made, in words for the person (the gateway shows them as they are). */
export class ConnectionUnavailableError extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(reason);
    this.name = "ConnectionUnavailableError";
    this.reason = reason;
  }
}
