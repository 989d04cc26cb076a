// What a native MCP client (Claude Code, VS Code…) brings to an OAuth flow: a loopback HTTP server that
// receives the redirect, and an OAuthClientProvider for the official SDK that keeps everything in memory
// and hands the authorization URL to the test, which plays the human in Chromium.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";

export interface LoopbackCallback {
  url: string;
  /** The query of the first request to the callback path. */
  received: Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function startLoopbackCallback(): Promise<LoopbackCallback> {
  let resolve: (query: URLSearchParams) => void = () => {};
  const received = new Promise<URLSearchParams>((done) => {
    resolve = done;
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    resolve(url.searchParams);
    response.writeHead(200, { "content-type": "text/html" });
    response.end("<!doctype html><title>Done</title><h1>Authorization complete</h1>");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    received,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export class InMemoryOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  readonly expectedState = randomBytes(16).toString("base64url");
  private information: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier: string | undefined;

  readonly redirectUrl: string;
  private readonly clientName: string;

  constructor(redirectUrl: string, clientName: string) {
    this.redirectUrl = redirectUrl;
    this.clientName = clientName;
  }

  get clientMetadata(): OAuthClientMetadata {
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
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    if (!this.verifier) throw new Error("no code verifier saved");
    return this.verifier;
  }
}
