// An OAuthClientProvider for both official SDK clients (1.x and v2 take the same shape), kept in
// memory: it records the registration and the authorization URL the client would open in a browser.
// With `clientMetadataUrl` the client uses that Client ID Metadata Document instead of registering.
import { randomBytes } from "node:crypto";

interface Tokens {
  access_token: string;
  refresh_token?: string;
  token_type: string;
}

export class SdkOAuthProvider {
  readonly expectedState = randomBytes(16).toString("base64url");
  readonly redirectUrl: string;
  readonly clientMetadataUrl: string | undefined;
  /** What dynamic registration returned, if the client registered. */
  registered: { client_id: string } | undefined;
  private authorizationUrl: URL | undefined;
  private saved: Tokens | undefined;
  private verifier: string | undefined;
  private readonly clientName: string;

  constructor(redirectUrl: string, clientName: string, clientMetadataUrl?: string) {
    this.redirectUrl = redirectUrl;
    this.clientName = clientName;
    this.clientMetadataUrl = clientMetadataUrl;
  }

  get clientMetadata() {
    return {
      client_name: this.clientName,
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  state() {
    return this.expectedState;
  }

  clientInformation() {
    return this.registered;
  }

  saveClientInformation(information: { client_id: string }) {
    this.registered = information;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: Tokens) {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }

  requireAuthorizationUrl(): URL {
    if (!this.authorizationUrl) throw new Error("the client did not ask for the browser");
    return this.authorizationUrl;
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    if (!this.verifier) throw new Error("no code verifier saved");
    return this.verifier;
  }
}
