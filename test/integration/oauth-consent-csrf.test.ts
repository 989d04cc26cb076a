// The consent POST is the one click that hands an MCP client a user's project: another site must not be
// able to send it with the user's cookie (cross-site request forgery), whatever it knows of the request.
// Through the real HTTP boundary (handle-api.ts), as a browser would send it.
import { describe, expect, it } from "vitest";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { newPkce, OAuthTestClient } from "../support/oauth-client.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();

async function consentFrom(headers: Record<string, string>) {
  const client = await OAuthTestClient.register(app);
  const pkce = newPkce();
  const consentUrl = await client.authorize(world.ownerA.cookie, {
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
  });
  const url = `${app.config.baseUrl}/api/auth/oauth2/consent`;
  const request = new Request(url, {
    method: "POST",
    headers: { cookie: world.ownerA.cookie, "content-type": "application/json", ...headers },
    body: JSON.stringify({
      accept: true,
      oauth_query: consentUrl.search.slice(1),
      project_id: world.projectA.id,
    }),
  });
  const response = await handleApiRequest(app, request, new URL(url).pathname);
  if (!response) throw new Error("consent not routed");
  return { status: response.status, body: await response.text() };
}

describe("consent CSRF", () => {
  it("approves from Portico's own origin", async () => {
    const { status, body } = await consentFrom({ origin: app.config.baseUrl });
    expect(status).toBe(200);
    expect(body).toContain("code=");
  });

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["a cross-site fetch without Origin", { "sec-fetch-site": "cross-site" }],
    ["the null Origin of a sandboxed frame", { origin: "null" }],
  ])("refuses %s and issues no code", async (_name, headers) => {
    const { status, body } = await consentFrom(headers);
    expect(status).toBe(403);
    expect(body).not.toContain("code=");
  });
});
