// The suite's authorization-server scenarios against Portico's own authorization server (Better Auth's
// OAuth provider at ${BASE_URL}/api/auth). The suite registers nothing itself: a public client is
// registered here (RFC 7591, as Claude Code does) with the suite's loopback callback, and the suite's
// authorization-code scenario prints an authorization URL "to open in a browser" and waits for its
// callback. This module plays that person with the run's signed-in user: it follows the authorize
// redirect to the consent screen, allows for the project, and sends the browser to the redirect.
import type { ChildProcess } from "node:child_process";

const CALLBACK_HOST = "http://127.0.0.1";

export async function registerSuiteClient(baseUrl: string, port: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "MCP conformance suite",
      redirect_uris: [`${CALLBACK_HOST}:${port}/callback`],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      application_type: "native",
    }),
  });
  if (response.status !== 201)
    throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** What the person does with the authorization URL: sign-in is the cookie, then consent for the project. */
async function allow(authorizationUrl: string, baseUrl: string, cookie: string, projectId: string) {
  const origin = new URL(baseUrl).origin;
  const authorize = await fetch(authorizationUrl, { headers: { cookie }, redirect: "manual" });
  // Node's fetch sends `Sec-Fetch-Mode: cors`, for which Better Auth answers the redirect as JSON.
  const location =
    authorize.headers.get("location") ??
    (authorize.status === 200 ? ((await authorize.json()) as { url?: string }).url : undefined);
  const consentPage = new URL(location ?? "", baseUrl);
  if (consentPage.pathname !== "/oauth/consent") {
    throw new Error(`authorize did not lead to the consent screen: ${authorize.status} ${consentPage}`);
  }
  const consent = await fetch(`${baseUrl}/api/auth/oauth2/consent`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/json" },
    body: JSON.stringify({ accept: true, oauth_query: consentPage.search.slice(1), project_id: projectId }),
  });
  const { url } = (await consent.json()) as { url?: string };
  if (!url) throw new Error(`consent gave no redirect: ${consent.status}`);
  // The browser lands on the suite's callback server with the code, the state and the issuer.
  await fetch(url);
}

/** Watches the suite's output for the authorization URL and completes the person's part once. */
export function playThePerson(
  child: ChildProcess,
  authorizationEndpoint: string,
  session: { baseUrl: string; cookie: string; projectId: string },
): void {
  let seen = "";
  let done = false;
  child.stdout?.on("data", (chunk: Buffer) => {
    if (done) return;
    seen += chunk.toString();
    const line = seen.split("\n").find((text) => text.startsWith(`${authorizationEndpoint}?`));
    if (!line) return;
    done = true;
    allow(line.trim(), session.baseUrl, session.cookie, session.projectId).catch((error: unknown) =>
      console.error(`authorization: the person's part failed: ${(error as Error).message}`),
    );
  });
}
