// Open dynamic client registration stores what anyone sends: oversized registrations are refused with
// RFC 7591's invalid_client_metadata and store nothing; what real MCP clients send still registers.
import { describe, expect, it } from "vitest";
import { oauthClient } from "~/server/db/schema/index.ts";
import { MAX_NAME_LENGTH, MAX_REDIRECT_URIS, MAX_URI_LENGTH } from "~/server/oauth/registration-limits.ts";
import { appForFile } from "../support/fixture.ts";

const app = await appForFile();

const register = async (body: Record<string, unknown>) => {
  const response = await app.auth.handler(
    new Request(`${app.config.baseUrl}/api/auth/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token_endpoint_auth_method: "none", ...body }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const loopback = (port: number) => `http://127.0.0.1:${port}/callback`;

describe("registration limits", () => {
  it.each([
    [
      "too many redirect URIs",
      {
        client_name: "x",
        redirect_uris: Array.from({ length: MAX_REDIRECT_URIS + 1 }, (_, i) => loopback(2000 + i)),
      },
    ],
    [
      "a redirect URI too long",
      { client_name: "x", redirect_uris: [`https://client.example/${"y".repeat(MAX_URI_LENGTH)}`] },
    ],
    ["a name too long", { client_name: "N".repeat(MAX_NAME_LENGTH + 1), redirect_uris: [loopback(1)] }],
    [
      "a logo URI too long",
      {
        client_name: "x",
        logo_uri: `https://client.example/${"l".repeat(MAX_URI_LENGTH)}`,
        redirect_uris: [loopback(1)],
      },
    ],
    [
      "too many contacts",
      {
        client_name: "x",
        contacts: Array.from({ length: 50 }, (_, i) => `c${i}@example.test`),
        redirect_uris: [loopback(1)],
      },
    ],
  ])("refuses %s and stores nothing", async (_name, body) => {
    const before = (await app.db.select({ id: oauthClient.clientId }).from(oauthClient)).length;
    const answer = await register(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("invalid_client_metadata");
    expect((await app.db.select({ id: oauthClient.clientId }).from(oauthClient)).length).toBe(before);
  });

  it.each([
    ["a javascript: logo", { logo_uri: "javascript:alert(1)" }],
    ["a javascript: client URI", { client_uri: "javascript:alert(document.cookie)" }],
    ["a data: policy URI", { policy_uri: "data:text/html,<script>alert(1)</script>" }],
    ["an http terms URI", { tos_uri: "http://client.example/terms" }],
    ["a JavaScript: (any case) logo", { logo_uri: "JavaScript:alert(1)" }],
    ["a non-text logo", { logo_uri: 42 }],
    ["a wildcard redirect", { redirect_uris: ["https://*.example/cb"] }],
    ["a wildcard path redirect", { redirect_uris: ["https://client.example/*"] }],
    ["a javascript: redirect", { redirect_uris: ["javascript:alert(1)//"] }],
    ["an http redirect off loopback", { redirect_uris: ["http://client.example/cb"] }],
    ["a relative redirect", { redirect_uris: ["/cb"] }],
  ])("refuses %s and stores nothing", async (_name, fields) => {
    const before = (await app.db.select({ id: oauthClient.clientId }).from(oauthClient)).length;
    const answer = await register({ client_name: "x", redirect_uris: [loopback(1)], ...fields });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("invalid_client_metadata");
    expect((await app.db.select({ id: oauthClient.clientId }).from(oauthClient)).length).toBe(before);
  });

  it("registers https links and logos", async () => {
    const answer = await register({
      client_name: "Agent",
      redirect_uris: ["https://agent.example/callback"],
      client_uri: "https://agent.example",
      logo_uri: "https://agent.example/logo.png",
      policy_uri: "https://agent.example/privacy",
      tos_uri: "https://agent.example/terms",
    });
    expect(answer.status).toBe(201);
    expect(answer.body.logo_uri).toBe("https://agent.example/logo.png");
  });

  it("registers what MCP clients send", async () => {
    const vscode = await register({
      client_name: "Visual Studio Code",
      redirect_uris: [loopback(33418), "https://vscode.dev/redirect"],
      grant_types: ["authorization_code", "refresh_token"],
    });
    expect(vscode.status).toBe(201);
    const cursor = await register({
      client_name: "Cursor",
      redirect_uris: ["cursor://anysphere.cursor-retrieval/oauth/user-portico/callback"],
    });
    expect(cursor.status).toBe(201);
  });
});
