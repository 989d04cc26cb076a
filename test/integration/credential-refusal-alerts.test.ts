// A credential refused during a tool call breaks its connection the same way a refused OAuth refresh does
// (credential-refusal.ts → markConnectionBroken): a saved API key answered 401 (Raynet), an email and
// password whose new login is refused (Caflou), a service account whose JWT-bearer grant Google refuses
// (unauthorized_client once delegation is withdrawn). Each breakage e-mails organization A's owner and
// admin once, not its member; more failing calls send nothing more; a 403, 429 or 500 leaves the
// connection active; and a provider answer that echoes the key leaves no key in the stored reason, the
// integrations page or the tool's answer.
import { createPublicKey, generateKeyPairSync } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { connectionAlertsSettled } from "~/server/integrations/connections/connection-alerts.ts";
import { findConnection } from "~/server/integrations/connections/connection-store.ts";
import { startFakeCaflou } from "../fakes/caflou.ts";
import { startFakeGmail } from "../fakes/gmail.ts";
import { startFakeGoogleCalendar } from "../fakes/google-calendar.ts";
import { createFakeDrive } from "../fakes/google-drive.ts";
import { json, startHttpFake } from "../fakes/http-fake.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { mailsTo } from "../support/outbox.ts";
import { startApiTokenWorld } from "./api-token-world.ts";
import { textOf } from "./crm-world.ts";
import { worldForFile } from "./world.ts";

type World = Awaited<ReturnType<typeof startApiTokenWorld>>["world"];

const alertsTo = async (app: App, email: string, provider: string) =>
  (await mailsTo(app.db, email)).filter((mail) => mail.subject.startsWith(`${provider} needs attention`));

/** A failed call's text: an error result, or the connection-needed error a broken connection answers. */
async function failure(result: Promise<CallToolResult>): Promise<string> {
  try {
    const answered = await result;
    expect(answered.isError).toBe(true);
    return textOf(answered);
  } catch (error) {
    return (error as Error).message;
  }
}

/** How many alerts about `provider` organization A's owner, admin and member each received. */
async function alertCounts(app: App, world: World, provider: string) {
  await connectionAlertsSettled(app);
  return Promise.all(
    [world.ownerA, world.adminA, world.memberA].map(
      async (person) => (await alertsTo(app, person.credentials.email, provider)).length,
    ),
  );
}

// Raynet sends the key as Basic auth; a long one, so an echo of it is recognisably a token.
const KEY = "raynet-key-0123456789abcdef-XYZ";
const CREDENTIAL = { email: "ops@acme.test", apiKey: KEY, namespace: "acme-crm" };
/** The fake's next answers to tool calls (its check call before saving gets 200). */
let answer = { status: 200, body: {} as unknown };
let checked = false;
const raynet = await startHttpFake((_request, response) => {
  if (!checked) {
    checked = true;
    return json(response, 200, { success: true, totalCount: 0, data: [] });
  }
  json(response, answer.status, answer.body);
});
const raynetWorld = await startApiTokenWorld({
  provider: "raynet",
  integrationId: "raynet",
  values: CREDENTIAL,
  endpoints: { apiBaseUrl: `${raynet.url}/api/v2` },
});
afterAll(async () => {
  await raynetWorld.close();
  await raynet.close();
});
const raynetRow = () => findConnection(raynetWorld.app.db, raynetWorld.world.orgA.id, "raynet");

describe("Raynet: a saved API key refused during a tool call", () => {
  it.each([
    [403, { success: false, translatedMessage: "You have no access to this company" }],
    [429, { success: false, translatedMessage: "Too many requests" }],
    [500, { success: false, translatedMessage: "Internal error" }],
  ])("HTTP %i is the call's failure only: the connection stays active, no e-mail", async (status, body) => {
    answer = { status, body };
    const result = await raynetWorld.call("raynet_list_companies", {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(`HTTP ${status}`);
    expect(await raynetRow()).toMatchObject({ status: "active", errorAlertedAt: null });
    expect(await alertCounts(raynetWorld.app, raynetWorld.world, "Raynet")).toEqual([0, 0, 0]);
  });

  it("HTTP 401 echoing the key → error, one e-mail to the owner and the admin, no key anywhere", async () => {
    answer = { status: 401, body: { success: false, translatedMessage: `Invalid API key ${KEY}` } };
    const result = await raynetWorld.call("raynet_list_companies", {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("Raynet answered HTTP 401");
    expect(textOf(result)).not.toContain(KEY);
    const broken = await raynetRow();
    expect(broken?.status).toBe("error");
    expect(broken?.statusReason).toContain("Raynet answered HTTP 401");
    expect(broken?.statusReason).toContain("[hidden]");
    expect(broken?.statusReason).not.toContain(KEY);
    expect(await alertCounts(raynetWorld.app, raynetWorld.world, "Raynet")).toEqual([1, 1, 0]);
    const [mail] = await alertsTo(raynetWorld.app, raynetWorld.world.ownerA.credentials.email, "Raynet");
    expect(mail?.text).toContain("Raynet refused the credentials saved in Portico.");
    expect(`${mail?.subject}${mail?.text}${mail?.html}`).not.toContain(KEY);
    // The organization's integrations page reads the stored reason.
    const listed =
      await raynetWorld.world.memberA.caller.integrations.organizations.getAllOrganizationIntegrationsWithToolCounts(
        { organizationId: raynetWorld.world.orgA.id },
      );
    expect(JSON.stringify(listed)).toContain("[hidden]");
    expect(JSON.stringify(listed)).not.toContain(KEY);
  });

  it("more calls on the broken connection send nothing more, and no request reaches Raynet", async () => {
    const before = raynet.requests.length;
    const texts = await Promise.all(
      Array.from({ length: 5 }, () => failure(raynetWorld.call("raynet_list_companies", {}))),
    );
    expect(texts.every((text) => text.includes("The saved Raynet credentials were refused"))).toBe(true);
    expect(raynet.requests.length).toBe(before);
    expect(await alertCounts(raynetWorld.app, raynetWorld.world, "Raynet")).toEqual([1, 1, 0]);
  });
});

const EMAIL = "ops@acme.cz";
const PASSWORD = "Caflou pass 0123456789 ";
const caflou = await startFakeCaflou({ email: EMAIL, password: PASSWORD, accountId: "4711" });
const caflouWorld = await startApiTokenWorld({
  provider: "caflou",
  integrationId: "caflou",
  values: { email: EMAIL, password: PASSWORD, accountId: "4711", baseUrl: caflou.url },
  env: { ALLOW_PRIVATE_URLS: "true" },
});
afterAll(async () => {
  await caflouWorld.close();
  await caflou.close();
});
const caflouRow = () => findConnection(caflouWorld.app.db, caflouWorld.world.orgA.id, "caflou");

describe("Caflou: the saved email and password no longer log in", () => {
  it("a 401 that a new login cures breaks nothing", async () => {
    expect((await caflouWorld.call("caflou_list_companies", {})).isError).toBeFalsy();
    caflou.expireTokens();
    expect((await caflouWorld.call("caflou_list_companies", {})).isError).toBeFalsy();
    expect(await caflouRow()).toMatchObject({ status: "active" });
    expect(await alertCounts(caflouWorld.app, caflouWorld.world, "Caflou")).toEqual([0, 0, 0]);
  });

  it("a 401 whose new login is refused → error, one e-mail to the owner and the admin", async () => {
    caflou.expireTokens();
    caflou.refuseLogins = true; // the password was changed in Caflou
    // Concurrent calls share the one refused login.
    const texts = await Promise.all(
      Array.from({ length: 4 }, () => failure(caflouWorld.call("caflou_get_company", { id: 1 }))),
    );
    expect(texts.every((text) => text.includes("Caflou refused the saved email and password"))).toBe(true);
    expect(await caflouRow()).toMatchObject({
      status: "error",
      statusReason:
        'Caflou refused the saved email and password, answering HTTP 401 ("Invalid credentials"): update the Caflou credentials in the organization\'s integrations.',
    });
    expect(await alertCounts(caflouWorld.app, caflouWorld.world, "Caflou")).toEqual([1, 1, 0]);
    await failure(caflouWorld.call("caflou_get_company", { id: 1 }));
    expect(await alertCounts(caflouWorld.app, caflouWorld.world, "Caflou")).toEqual([1, 1, 0]);
    caflou.refuseLogins = false;
  });
});

const SCOPES = [
  "https://www.googleapis.com/auth/gmail.modify",
  "https://www.googleapis.com/auth/calendar",
  "https://www.googleapis.com/auth/drive",
];
const ROBOT = "robot@acme-project.iam.gserviceaccount.com";
const robot = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const delegatedScopes = [...SCOPES];
const google = await startFakeOAuthProvider({
  clients: {},
  expiresIn: 3600,
  serviceAccounts: { [ROBOT]: { publicKey: createPublicKey(robot.publicKey), delegatedScopes } },
});
const refused = new Set<string>();
const accepts = (token: string) => google.issued.includes(token) && !refused.has(token);
const gmail = await startFakeGmail(accepts);
// Google's check before saving asks Drive who the user is.
const drive = createFakeDrive();
const googleApi = await startFakeGoogleCalendar(accepts, drive.handle);
const { app, world } = await worldForFile({
  INTEGRATION_ENDPOINTS: JSON.stringify({
    google: { tokenUrl: google.tokenUrl, apiBaseUrl: googleApi.url },
    gmail: { apiBaseUrl: gmail.url },
  }),
});
let client: Client;
// The app's database is closed by worldForFile's own afterAll, which runs after this one.
afterAll(async () => {
  await client?.close();
  await Promise.all([google.close(), gmail.close(), googleApi.close()]);
});
const call = () => client.callTool({ name: "gmail_list_labels", arguments: {} }) as Promise<CallToolResult>;
const googleRow = () => findConnection(app.db, world.orgA.id, "google");
const lastIssued = () => google.issued.filter((token) => token.includes("access-token")).at(-1) ?? "";

describe("Google service account: the JWT-bearer grant refused", () => {
  it("connects, and a 401 that a new token cures breaks nothing", async () => {
    await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: world.orgA.id,
      provider: "google",
      authFlow: "service-account",
      values: {
        serviceAccountKey: JSON.stringify({
          type: "service_account",
          private_key: robot.privateKey,
          client_email: ROBOT,
          token_uri: google.tokenUrl,
        }),
        subject: "ana@acme.test",
      },
    });
    await world.ownerA.caller.projectServers.addServer({
      projectId: world.projectA.id,
      integrationId: "gmail",
    });
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
    client = await connectMcpClient(app, key.secret);
    expect((await call()).isError).toBeFalsy();
    refused.add(lastIssued());
    expect((await call()).isError).toBeFalsy();
    expect(await googleRow()).toMatchObject({ status: "active" });
    expect(await alertCounts(app, world, "Google")).toEqual([0, 0, 0]);
  });

  it("delegation withdrawn (unauthorized_client) → error, one e-mail to the owner and the admin", async () => {
    delegatedScopes.length = 0;
    refused.add(lastIssued());
    const texts = await Promise.all(Array.from({ length: 3 }, () => failure(call())));
    for (const text of texts)
      expect(text).toContain("Google refused the service account: unauthorized_client");
    const broken = await googleRow();
    expect(broken?.status).toBe("error");
    expect(broken?.statusReason).toContain("unauthorized_client");
    // The scopes to allow stay readable: they are no token.
    expect(broken?.statusReason).toContain(SCOPES[0]);
    expect(await alertCounts(app, world, "Google")).toEqual([1, 1, 0]);
    await failure(call());
    expect(await alertCounts(app, world, "Google")).toEqual([1, 1, 0]);
  });
});
