// Google's auth the way its references describe it, against local fakes that check each request:
// service accounts (JSON key + user, JWT-bearer grant signed RS256, token cached and minted again after a
// 401), revocation on disconnect (also when Google refuses it), and refresh when token answers carry no
// expires_in (the stored expiry is unknown: the first 401 refreshes once).
import { createPublicKey, generateKeyPairSync } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { findConnection } from "~/server/integrations/connections/connection-store.ts";
import { startFakeGmail } from "../fakes/gmail.ts";
import { startFakeGoogleCalendar } from "../fakes/google-calendar.ts";
import { createFakeDrive } from "../fakes/google-drive.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { headersFor } from "../support/app.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { worldForFile } from "./world.ts";

const GOOGLE_APP = { clientId: "acme-google-app", clientSecret: "acme-google-secret-0123456789" };
const SCOPES = [
  "https://www.googleapis.com/auth/gmail.modify",
  "https://www.googleapis.com/auth/calendar",
  "https://www.googleapis.com/auth/drive",
];
const ROBOT = "robot@bravo-project.iam.gserviceaccount.com";
const NARROW = "narrow@bravo-project.iam.gserviceaccount.com";

const keyPair = () =>
  generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
const robot = keyPair();
const narrow = keyPair();
const stranger = keyPair();

const refused = new Set<string>();

/** A key file as Google Cloud downloads it. */
const keyFile = (email: string, privateKey: string, tokenUri = google.tokenUrl) =>
  JSON.stringify({
    type: "service_account",
    project_id: "bravo-project",
    private_key_id: "a1b2c3",
    private_key: privateKey,
    client_email: email,
    client_id: "1234567890",
    auth_uri: "https://accounts.google.com/o/oauth2/auth",
    token_uri: tokenUri,
  });

const google = await startFakeOAuthProvider({
  clients: { [GOOGLE_APP.clientId]: GOOGLE_APP.clientSecret },
  expiresIn: 3600,
  serviceAccounts: {
    [ROBOT]: { publicKey: createPublicKey(robot.publicKey), delegatedScopes: SCOPES },
    [NARROW]: { publicKey: createPublicKey(narrow.publicKey), delegatedScopes: [SCOPES[0] ?? ""] },
  },
});
const accepts = (token: string) => google.issued.includes(token) && !refused.has(token);
const gmail = await startFakeGmail(accepts);
const drive = createFakeDrive();
const api = await startFakeGoogleCalendar(accepts, drive.handle);
afterAll(() => Promise.all([google.close(), gmail.close(), api.close()]));
const { app, world } = await worldForFile({
  INTEGRATION_ENDPOINTS: JSON.stringify({
    google: {
      authorizeUrl: google.authorizeUrl,
      tokenUrl: google.tokenUrl,
      revokeUrl: google.revokeUrl,
      apiBaseUrl: api.url,
    },
    gmail: { apiBaseUrl: gmail.url },
  }),
});

const lastIssued = () => google.issued.filter((token) => token.includes("access-token")).at(-1) ?? "";

describe("Google service accounts (JSON key + user, JWT-bearer grant)", () => {
  const save = (values: Record<string, string>) =>
    world.ownerB.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: world.orgB.id,
      provider: "google",
      authFlow: "service-account",
      values,
    });
  let client: Client;
  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  it("refuses what is not a service account key with a sentence saying what is wrong", async () => {
    const subject = "ada@bravo.test";
    await expect(save({ serviceAccountKey: "{not json", subject })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("The key is not JSON"),
    });
    const oauthClientFile = JSON.stringify({ installed: { client_id: "x" } });
    await expect(save({ serviceAccountKey: oauthClientFile, subject })).rejects.toMatchObject({
      message: expect.stringContaining("This JSON is not a service account key"),
    });
    const noKey = JSON.stringify({ type: "service_account", client_email: ROBOT, private_key: "abc" });
    await expect(save({ serviceAccountKey: noKey, subject })).rejects.toMatchObject({
      message: expect.stringContaining("private_key") && expect.stringContaining("in PEM form"),
    });
    await expect(
      save({ serviceAccountKey: keyFile(ROBOT, robot.privateKey), subject: "" }),
    ).rejects.toMatchObject({
      message: expect.stringContaining("The email of the user to act as is required"),
    });
    expect(google.jwtRequests).toHaveLength(0);
  });

  it("a key signed by another key, or without delegation for the scopes, is refused with Google's reason", async () => {
    await expect(
      save({ serviceAccountKey: keyFile(ROBOT, stranger.privateKey), subject: "ada@bravo.test" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Google refused the service account: invalid_grant (Invalid JWT Signature.).",
    });
    await expect(
      save({ serviceAccountKey: keyFile(NARROW, narrow.privateKey), subject: "ada@bravo.test" }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(
        /^Google refused the service account: unauthorized_client \(.*\)\. In the Workspace admin console, allow the service account's client ID these scopes under domain-wide delegation: https:\/\/www\.googleapis\.com\/auth\/gmail\.modify /,
      ),
    });
    await expect(
      save({
        serviceAccountKey: keyFile(ROBOT, robot.privateKey, "https://evil.example/token"),
        subject: "ada@bravo.test",
      }),
    ).rejects.toMatchObject({
      message: `The key's token_uri (https://evil.example/token) is not Google's token endpoint (${google.tokenUrl}).`,
    });
  });

  it("is checked with a signed assertion and the acted-as user's Drive identity, then connected", async () => {
    google.jwtRequests.length = 0;
    api.requests.length = 0;
    await save({ serviceAccountKey: keyFile(ROBOT, robot.privateKey), subject: "ada@bravo.test" });
    expect(google.jwtRequests).toHaveLength(1);
    const [minted] = google.jwtRequests;
    expect(minted?.outcome).toBe("issued");
    expect(minted?.header).toEqual({ alg: "RS256", typ: "JWT" });
    const claims = minted?.claims ?? {};
    expect(Object.keys(claims).sort()).toEqual(["aud", "exp", "iat", "iss", "scope", "sub"]);
    expect(claims).toMatchObject({ iss: ROBOT, sub: "ada@bravo.test", aud: google.tokenUrl });
    expect(String(claims.scope).split(" ").sort()).toEqual([...SCOPES].sort());
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    // The check, then the account the connection reaches (account-identity.ts), both with the minted token.
    expect(api.requests.map((r) => [r.method, r.path, r.query.toString(), r.headers.authorization])).toEqual([
      ["GET", "/drive/v3/about", "fields=user", `Bearer ${lastIssued()}`],
      ["GET", "/drive/v3/about", "fields=user", `Bearer ${lastIssued()}`],
    ]);
    const row = await findConnection(app.db, world.orgB.id, "google");
    expect(row).toMatchObject({ authFlow: "service-account", status: "active" });
  });

  it("tools use the minted token, cached across calls, and mint once more when Google refuses it", async () => {
    await world.ownerB.caller.projectServers.addServer({
      projectId: world.projectB.id,
      integrationId: "gmail",
    });
    const key = await world.ownerB.caller.apiKeys.create({ projectId: world.projectB.id, name: "Agent" });
    client = await connectMcpClient(app, key.secret);
    const before = google.jwtRequests.length;
    const token = lastIssued();
    gmail.requests.length = 0;
    expect((await call("gmail_list_labels")).isError).toBeFalsy();
    expect((await call("gmail_list_labels")).isError).toBeFalsy();
    expect(google.jwtRequests.length).toBe(before);
    expect(gmail.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${token}`,
      `Bearer ${token}`,
    ]);

    refused.add(token);
    gmail.requests.length = 0;
    const result = await call("gmail_list_labels");
    expect(result.isError).toBeFalsy();
    expect(google.jwtRequests.length).toBe(before + 1);
    expect(gmail.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${token}`,
      `Bearer ${lastIssued()}`,
    ]);
    expect(lastIssued()).not.toBe(token);
  });

  it("mints a new token once the cached one reaches its expiry", async () => {
    const before = google.jwtRequests.length;
    const token = lastIssued();
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 3600_000);
    try {
      gmail.requests.length = 0;
      expect((await call("gmail_list_labels")).isError).toBeFalsy();
    } finally {
      clock.mockRestore();
    }
    expect(google.jwtRequests.length).toBe(before + 1);
    expect(gmail.requests[0]?.headers.authorization).toBe(`Bearer ${lastIssued()}`);
    expect(lastIssued()).not.toBe(token);
    await client.close();
  });
});

/** Connects organization A to Google through the fake's consent, like a browser would. */
async function connectA() {
  const { authorizeUrl } = await world.ownerA.caller.integrations.connections.startOAuth({
    organizationId: world.orgA.id,
    integrationId: "gmail",
  });
  const location = await google.approve(authorizeUrl);
  const response = await handleApiRequest(
    app,
    new Request(location, { headers: headersFor(world.ownerA.cookie) }),
    new URL(location).pathname,
  );
  expect(response?.status).toBe(302);
}

describe("Google OAuth: refresh without expires_in, revoke on disconnect", () => {
  let client: Client;
  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  beforeAll(async () => {
    await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: world.orgA.id,
      provider: "google",
      authFlow: "oauth",
      values: { ...GOOGLE_APP, redirectUri: `${app.config.baseUrl}/api/integrations/oauth/callback` },
    });
  });
  afterAll(async () => {
    await client?.close();
  });

  it("a token answer without expires_in is used until Google refuses it, then refreshed once", async () => {
    google.expiresIn = undefined;
    try {
      await connectA();
    } finally {
      google.expiresIn = 3600;
    }
    await world.ownerA.caller.projectServers.addServer({
      projectId: world.projectA.id,
      integrationId: "gmail",
    });
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
    client = await connectMcpClient(app, key.secret);
    expect((await findConnection(app.db, world.orgA.id, "google"))?.accessTokenExpiresAt).toBeNull();
    const token = lastIssued();
    const refreshes = google.refreshRequests.length;
    gmail.requests.length = 0;
    expect((await call("gmail_list_labels")).isError).toBeFalsy();
    expect(google.refreshRequests.length).toBe(refreshes);

    refused.add(token);
    gmail.requests.length = 0;
    expect((await call("gmail_list_labels")).isError).toBeFalsy();
    expect(google.refreshRequests.length).toBe(refreshes + 1);
    expect(gmail.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${token}`,
      `Bearer ${lastIssued()}`,
    ]);
    // The refreshed answer had an expiry: it is stored now.
    expect((await findConnection(app.db, world.orgA.id, "google"))?.accessTokenExpiresAt).not.toBeNull();
  });

  it("disconnecting posts the refresh token to Google's revocation endpoint as a form", async () => {
    const refreshToken = google.issued.filter((token) => token.includes("refresh-token")).at(-1);
    google.requests.length = 0;
    const result = await world.ownerA.caller.integrations.connections.disconnect({
      organizationId: world.orgA.id,
      provider: "google",
    });
    expect(result).toEqual({ revoked: true });
    const revoke = google.requests.find((r) => r.path === "/revoke");
    expect(revoke?.method).toBe("POST");
    expect(revoke?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(new URLSearchParams(revoke?.body).get("token")).toBe(refreshToken);
    expect(google.revoked.at(-1)).toBe(refreshToken);
  });

  it("still disconnects (and forgets the tokens) when Google refuses the revocation", async () => {
    await connectA();
    google.revokeStatus = 400;
    try {
      const result = await world.ownerA.caller.integrations.connections.disconnect({
        organizationId: world.orgA.id,
        provider: "google",
      });
      expect(result).toEqual({ revoked: false });
    } finally {
      google.revokeStatus = null;
    }
    const row = await findConnection(app.db, world.orgA.id, "google");
    expect(row).toMatchObject({ status: "inactive", statusReason: "Disconnected.", tokens: null });
  });
});
