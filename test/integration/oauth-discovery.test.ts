// What an MCP client reads before it asks for a token (RFC 9728 and RFC 8414 metadata) and how it
// registers (RFC 7591), including native clients that register loopback redirects without saying so.
import { beforeAll, describe, expect, it } from "vitest";
import { handleWellKnownRequest } from "~/server/http/handle-well-known.ts";
import { appForFile } from "../support/fixture.ts";
import { registerClient } from "../support/oauth-client.ts";

const app = await appForFile();
let base: string;

beforeAll(async () => {
  base = app.config.baseUrl;
});

async function wellKnown(path: string, method = "GET") {
  const response = await handleWellKnownRequest(app, new Request(`${base}${path}`, { method }), path);
  if (!response) throw new Error(`${path} was not handled`);
  return response;
}

describe("protected resource metadata (RFC 9728)", () => {
  it.each(["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"])(
    "%s names the MCP endpoint and its authorization server",
    async (path) => {
      const response = await wellKnown(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await response.json()).toMatchObject({
        resource: `${base}/mcp`,
        authorization_servers: [`${base}/api/auth`],
        bearer_methods_supported: ["header"],
        scopes_supported: ["mcp", "offline_access"],
      });
    },
  );
});

describe("authorization server metadata (RFC 8414)", () => {
  it.each(["/.well-known/oauth-authorization-server/api/auth", "/.well-known/oauth-authorization-server"])(
    "%s advertises PKCE S256, registration and client ID metadata documents",
    async (path) => {
      const response = await wellKnown(path);
      expect(response.status).toBe(200);
      const metadata = await response.json();
      expect(metadata).toMatchObject({
        issuer: `${base}/api/auth`,
        authorization_endpoint: `${base}/api/auth/oauth2/authorize`,
        token_endpoint: `${base}/api/auth/oauth2/token`,
        registration_endpoint: `${base}/api/auth/oauth2/register`,
        revocation_endpoint: `${base}/api/auth/oauth2/revoke`,
        code_challenge_methods_supported: ["S256"],
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        client_id_metadata_document_supported: true,
      });
      expect(metadata.token_endpoint_auth_methods_supported).toContain("none");
      // Public clients revoke with their client_id alone (RFC 7009 §2.1).
      expect(metadata.revocation_endpoint_auth_methods_supported).toContain("none");
    },
  );

  it("is also served by Better Auth under its base path", async () => {
    const response = await app.auth.handler(
      new Request(`${base}/api/auth/.well-known/oauth-authorization-server`),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).issuer).toBe(`${base}/api/auth`);
  });

  it("offers no OpenID configuration, and refuses writes", async () => {
    expect((await wellKnown("/.well-known/openid-configuration")).status).toBe(404);
    expect((await wellKnown("/.well-known/openid-configuration/api/auth")).status).toBe(404);
    expect((await wellKnown("/.well-known/oauth-protected-resource", "POST")).status).toBe(405);
    expect((await wellKnown("/.well-known/oauth-protected-resource", "OPTIONS")).status).toBe(204);
  });

  it("leaves other well-known paths to the pages", async () => {
    const path = "/.well-known/security.txt";
    expect(await handleWellKnownRequest(app, new Request(`${base}${path}`), path)).toBeNull();
  });
});

describe("dynamic client registration (RFC 7591)", () => {
  it("registers a client with a loopback redirect and no application_type as a native public client", async () => {
    const response = await registerClient(app, {
      client_name: "Claude Code",
      redirect_uris: ["http://localhost:54321/callback"],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: "mcp offline_access",
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      client_name: "Claude Code",
      application_type: "native",
      token_endpoint_auth_method: "none",
      redirect_uris: ["http://localhost:54321/callback"],
    });
    expect(body.client_secret).toBeUndefined();
  });

  it("registers a web client with an https redirect and gives it a secret", async () => {
    const response = await registerClient(app, {
      client_name: "Web agent",
      redirect_uris: ["https://agent.example/oauth/callback"],
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.application_type).toBe("web");
    expect(body.client_secret).toEqual(expect.any(String));
  });

  it("ignores scopes Portico does not have", async () => {
    const response = await registerClient(app, {
      redirect_uris: ["http://127.0.0.1:1234/cb"],
      token_endpoint_auth_method: "none",
      scope: "openid claudeai mcp",
    });
    expect(response.status).toBe(201);
    expect((await response.json()).scope.split(" ")).not.toContain("openid");
  });

  it.each([
    ["a plain-http redirect on a public host", { redirect_uris: ["http://agent.example/callback"] }],
    ["no redirect URI", { redirect_uris: [] }],
    ["a javascript: redirect", { redirect_uris: ["javascript:alert(1)"] }],
    [
      "a client_credentials grant",
      { redirect_uris: ["https://a.example/cb"], grant_types: ["client_credentials"] },
    ],
  ])("refuses %s with 400", async (_what, metadata) => {
    const response = await registerClient(app, metadata);
    expect(response.status).toBe(400);
    expect((await response.json()).client_id).toBeUndefined();
  });
});
