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
