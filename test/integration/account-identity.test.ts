// Which provider account a connection reaches: readAccountIdentity against each provider's fake (written
// from the provider's reference), with the connection's own base URL and auth headers as Portico builds
// them. Each call is checked (method, path, auth); two tokens name two accounts; refusals, server errors,
// unreachable or slow hosts, redirects and answers without the fields give null, never an exception.
// The Gmail and HubSpot fakes serve two people / two portals by token, for tests of personal connections.
import type { ServerResponse } from "node:http";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { oauthHeaders, providerEndpoints } from "~/integrations/registry.ts";
import type { AuthFlowType, ProviderId } from "~/lib/integrations/types.ts";
import type { App } from "~/server/app-services.ts";
import {
  IDENTITY_TIMEOUT_MS,
  type IdentityAccess,
  readAccountIdentity,
} from "~/server/integrations/connections/account-identity.ts";
import { startFakeAttio } from "../fakes/attio.ts";
import { type FakeMail, startFakeGmail } from "../fakes/gmail.ts";
import { createFakeGoogleUserinfo } from "../fakes/google-api.ts";
import { startFakeGoogleCalendar } from "../fakes/google-calendar.ts";
import { createFakeDrive } from "../fakes/google-drive.ts";
import { json, type RecordedRequest, startHttpFake } from "../fakes/http-fake.ts";
import { DEFAULT_PORTAL_ID, startFakeHubSpot } from "../fakes/hubspot.ts";
import { startFakeMicrosoftGraph } from "../fakes/microsoft-graph.ts";
import { MONDAY_VERSION, startFakeMonday } from "../fakes/monday.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { startFakePipedrive } from "../fakes/pipedrive.ts";
import { startFakeSalesforce } from "../fakes/salesforce.ts";
import { startFakeSurveyMonkey } from "../fakes/surveymonkey.ts";
import { appForFile } from "../support/fixture.ts";

const ANA = "access-token-ana-0001";
const BEN = "access-token-ben-0002";
/** Accepted, but of nobody in particular: the fakes' default account. */
const PLAIN = "access-token-plain-0003";
/** Revoked: every fake refuses it. */
const REVOKED = "access-token-revoked-0004";
const accepts = (token: string) => [ANA, BEN, PLAIN].includes(token);
/** Nothing listens here (the discard port). */
const UNREACHABLE = "http://127.0.0.1:9";

const gmail = await startFakeGmail(accepts);
const userinfo = createFakeGoogleUserinfo();
const drive = createFakeDrive();
// Google's shared API host: userinfo and Drive next to Calendar, as on www.googleapis.com.
const google = await startFakeGoogleCalendar(
  accepts,
  (request, response) => userinfo.handle(request, response) || drive.handle(request, response),
);
const graph = await startFakeMicrosoftGraph(accepts);
const hubspot = await startFakeHubSpot(accepts);
const salesforce = await startFakeSalesforce(accepts);
const pipedrive = await startFakePipedrive(accepts);
// monday.com takes the bare token as the Authorization value.
const monday = await startFakeMonday(accepts);
const attio = await startFakeAttio(accepts);
const surveymonkey = await startFakeSurveyMonkey(accepts);
/** Answers whatever `answer` says, recording the requests (failures, redirects, slow hosts). */
let answer: (request: RecordedRequest, response: ServerResponse) => void = (_request, response) =>
  json(response, 500, { error: "internal" });
const odd = await startHttpFake((request, response) => answer(request, response));
const fakes = [gmail, google, graph, hubspot, salesforce, pipedrive, monday, attio, surveymonkey, odd];
afterAll(() => Promise.all(fakes.map((fake) => fake.close())));

const app = await appForFile({
  // The instance, api_domain and access_url hosts (from token answers) are 127.0.0.1 fakes.
  ALLOW_PRIVATE_URLS: "true",
  INTEGRATION_ENDPOINTS: JSON.stringify({
    google: { apiBaseUrl: google.url },
    gmail: { apiBaseUrl: gmail.url },
    microsoft: { apiBaseUrl: graph.base },
    hubspot: { apiBaseUrl: hubspot.url },
    monday: { apiBaseUrl: monday.url },
    attio: { apiBaseUrl: `${attio.url}/v2` },
    // Their calls go to the host of the token answer; nothing listens on the configured one.
    salesforce: { apiBaseUrl: UNREACHABLE },
    pipedrive: { apiBaseUrl: UNREACHABLE },
    surveymonkey: { apiBaseUrl: UNREACHABLE },
  }),
});

/** An OAuth connection's access at the provider's configured API base, as connection-auth.ts builds it. */
const configured = (
  provider: ProviderId,
  token: string,
  authFlow: AuthFlowType = "oauth",
): IdentityAccess => ({
  baseUrl: providerEndpoints(provider, app.config).apiBaseUrl ?? "",
  headers: oauthHeaders(provider, token),
  accessToken: token,
  authFlow,
  userSupplied: false,
});
/** An OAuth connection whose host came in the token answer (instance_url, api_domain, access_url). */
const ownHost = (provider: ProviderId, baseUrl: string, token: string): IdentityAccess => ({
  baseUrl,
  headers: oauthHeaders(provider, token),
  accessToken: token,
  authFlow: "oauth",
  userSupplied: true,
});

const last = (fake: { requests: RecordedRequest[] }) => fake.requests.at(-1) as RecordedRequest;
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];

beforeEach(() => {
  for (const fake of fakes) fake.requests.length = 0;
  answer = (_request, response) => json(response, 500, { error: "internal" });
});

describe("readAccountIdentity: each provider's documented identity call", () => {
  it("Google (OAuth): userinfo.get on Google's API host names the address; two tokens, two people", async () => {
    userinfo.identities.set(ANA, "ana@acme.test").set(BEN, "ben@acme.test");
    expect(await readAccountIdentity(app, "google", configured("google", ANA))).toEqual({
      id: "ana@acme.test",
      label: "ana@acme.test",
    });
    expect(line(last(google))).toEqual(["GET", "/oauth2/v2/userinfo", []]);
    expect(last(google).headers.authorization).toBe(`Bearer ${ANA}`);
    expect(await readAccountIdentity(app, "google", configured("google", BEN))).toEqual({
      id: "ben@acme.test",
      label: "ben@acme.test",
    });
    expect(last(google).headers.authorization).toBe(`Bearer ${BEN}`);
    expect(gmail.requests).toHaveLength(0);
  });

  it("Google (service account): Drive's about.get names the user it acts as", async () => {
    drive.aboutEmail = "robot-user@acme.test";
    expect(await readAccountIdentity(app, "google", configured("google", PLAIN, "service-account"))).toEqual({
      id: "robot-user@acme.test",
      label: "robot-user@acme.test",
    });
    expect(line(last(google))).toEqual(["GET", "/drive/v3/about", [["fields", "user"]]]);
    expect(last(google).headers.authorization).toBe(`Bearer ${PLAIN}`);
  });

  it("Microsoft Graph: GET /me, mail or else the userPrincipalName, the user's object id", async () => {
    graph.identities.set(BEN, {
      id: "5f2a0c1e-0000-4000-8000-00000000b0b0",
      displayName: "Ben Dvorak",
      mail: null,
      userPrincipalName: "ben@contoso.onmicrosoft.com",
    });
    expect(await readAccountIdentity(app, "microsoft", configured("microsoft", PLAIN))).toEqual({
      id: graph.me.id,
      label: "petr@contoso.test",
    });
    expect(line(last(graph))).toEqual([
      "GET",
      "/v1.0/me",
      [["$select", "id,displayName,mail,userPrincipalName"]],
    ]);
    expect(last(graph).headers.authorization).toBe(`Bearer ${PLAIN}`);
    expect(await readAccountIdentity(app, "microsoft", configured("microsoft", BEN))).toEqual({
      id: "5f2a0c1e-0000-4000-8000-00000000b0b0",
      label: "ben@contoso.onmicrosoft.com",
    });
  });

  it("HubSpot: account information details name the portal a token reaches", async () => {
    hubspot.addPortal(7700123, { accountType: "SANDBOX" });
    hubspot.identities.set(BEN, 7700123);
    expect(await readAccountIdentity(app, "hubspot", configured("hubspot", ANA))).toEqual({
      id: String(DEFAULT_PORTAL_ID),
      label: `HubSpot portal ${DEFAULT_PORTAL_ID}`,
    });
    expect(line(last(hubspot))).toEqual(["GET", "/account-info/2026-03/details", []]);
    expect(last(hubspot).headers.authorization).toBe(`Bearer ${ANA}`);
    expect(await readAccountIdentity(app, "hubspot", configured("hubspot", BEN))).toEqual({
      id: "7700123",
      label: "HubSpot portal 7700123 (sandbox)",
    });
  });

  it("Salesforce: UserInfo on the instance names the org and the username", async () => {
    salesforce.identities.set(BEN, {
      organization_id: "00DRM0000000002AAA",
      user_id: "005RM0000000002AAA",
      preferred_username: "ben@beta.test.sandbox",
    });
    expect(await readAccountIdentity(app, "salesforce", ownHost("salesforce", salesforce.url, ANA))).toEqual({
      id: "00DRM0000000001AAA",
      label: "petr@acme.test",
    });
    expect(line(last(salesforce))).toEqual(["GET", "/services/oauth2/userinfo", []]);
    expect(last(salesforce).headers.authorization).toBe(`Bearer ${ANA}`);
    expect(await readAccountIdentity(app, "salesforce", ownHost("salesforce", salesforce.url, BEN))).toEqual({
      id: "00DRM0000000002AAA",
      label: "ben@beta.test.sandbox",
    });
  });

  it("Pipedrive: /users/me on the company's api_domain names the user and the company", async () => {
    pipedrive.identities.set(BEN, {
      id: 778,
      email: "ben@beta.test",
      company_id: 6602,
      company_name: "Beta s.r.o.",
    });
    expect(await readAccountIdentity(app, "pipedrive", ownHost("pipedrive", pipedrive.url, ANA))).toEqual({
      id: "5501",
      label: "petr@acme.test (Acme)",
    });
    expect(line(last(pipedrive))).toEqual(["GET", "/api/v1/users/me", []]);
    expect(last(pipedrive).headers.authorization).toBe(`Bearer ${ANA}`);
    expect(await readAccountIdentity(app, "pipedrive", ownHost("pipedrive", pipedrive.url, BEN))).toEqual({
      id: "6602",
      label: "ben@beta.test (Beta s.r.o.)",
    });
  });

  it("monday.com: the `me` query with the bare token and the pinned API version", async () => {
    monday.identities.set(BEN, { id: "4616628", name: "Jan Dvorak", email: "jan@acme.com" });
    expect(await readAccountIdentity(app, "monday", configured("monday", ANA))).toEqual({
      id: "4616627",
      label: "ana@acme.com",
    });
    const request = last(monday);
    expect(line(request)).toEqual(["POST", "/v2", []]);
    expect(request.headers.authorization).toBe(ANA);
    expect(request.headers["api-version"]).toBe(MONDAY_VERSION);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({ query: "query { me { id name email } }" });
    expect(await readAccountIdentity(app, "monday", configured("monday", BEN))).toEqual({
      id: "4616628",
      label: "jan@acme.com",
    });
  });

  it("Attio: Identify names the token's workspace; an inactive token is no identity", async () => {
    attio.identities.set(BEN, {
      workspace_id: "2c6e0f52-1d7f-4b8e-9d55-0b1f0e7b9a01",
      workspace_name: "Beta",
    });
    expect(await readAccountIdentity(app, "attio", configured("attio", ANA))).toEqual({
      id: attio.workspace.workspace_id,
      label: "Acme",
    });
    expect(line(last(attio))).toEqual(["GET", "/v2/self", []]);
    expect(last(attio).headers.authorization).toBe(`Bearer ${ANA}`);
    expect(await readAccountIdentity(app, "attio", configured("attio", BEN))).toEqual({
      id: "2c6e0f52-1d7f-4b8e-9d55-0b1f0e7b9a01",
      label: "Beta",
    });
    // Identify answers 200 { active: false } for a token it does not accept.
    expect(await readAccountIdentity(app, "attio", configured("attio", REVOKED))).toBeNull();
    expect(last(attio).path).toBe("/v2/self");
  });

  it("SurveyMonkey: /v3/users/me on the account's data center", async () => {
    surveymonkey.identities.set(BEN, { id: "150000002", email: "ben@beta.test", username: "ben" });
    expect(
      await readAccountIdentity(app, "surveymonkey", ownHost("surveymonkey", surveymonkey.url, ANA)),
    ).toEqual({ id: "150000001", label: "petr@acme.test" });
    expect(line(last(surveymonkey))).toEqual(["GET", "/v3/users/me", []]);
    expect(last(surveymonkey).headers.authorization).toBe(`Bearer ${ANA}`);
    expect(
      await readAccountIdentity(app, "surveymonkey", ownHost("surveymonkey", surveymonkey.url, BEN)),
    ).toEqual({ id: "150000002", label: "ben@beta.test" });
  });

  it("Atlassian (the chosen site names it) and providers without an identity call send nothing", async () => {
    for (const provider of ["atlassian", "raynet", "alveno", "openai", "brevo", "exa"] as const) {
      expect(await readAccountIdentity(app, provider, ownHost(provider, odd.url, ANA))).toBeNull();
    }
    expect(odd.requests).toHaveLength(0);
  });
});

/** Every provider with an identity call, with an access whose base is `baseUrl` (how it reaches it). */
const implemented = (baseUrl: string, token = ANA, userSupplied = false) =>
  (
    ["google", "microsoft", "hubspot", "salesforce", "pipedrive", "monday", "attio", "surveymonkey"] as const
  ).map((provider) => [provider, { ...ownHost(provider, baseUrl, token), userSupplied }] as const);

describe("readAccountIdentity never throws: a failed call is no identity", () => {
  it("a refused token (401) gives null", async () => {
    const cases: [ProviderId, IdentityAccess][] = [
      ["google", configured("google", REVOKED)],
      ["google", configured("google", REVOKED, "service-account")],
      ["microsoft", configured("microsoft", REVOKED)],
      ["hubspot", configured("hubspot", REVOKED)],
      ["salesforce", ownHost("salesforce", salesforce.url, REVOKED)],
      ["pipedrive", ownHost("pipedrive", pipedrive.url, REVOKED)],
      ["monday", configured("monday", REVOKED)],
      ["surveymonkey", ownHost("surveymonkey", surveymonkey.url, REVOKED)],
    ];
    for (const [provider, access] of cases) {
      expect(await readAccountIdentity(app, provider, access), provider).toBeNull();
    }
    // Each provider was asked once, and refused it.
    for (const fake of [google, graph, hubspot, salesforce, pipedrive, monday, surveymonkey]) {
      expect(fake.requests.length).toBeGreaterThan(0);
    }
  });

  it("a server error (500), from a configured host or the connection's own, gives null", async () => {
    for (const userSupplied of [false, true]) {
      for (const [provider, access] of implemented(odd.url, ANA, userSupplied)) {
        expect(await readAccountIdentity(app, provider, access), provider).toBeNull();
      }
    }
    expect(odd.requests).toHaveLength(16);
  });

  it("an unreachable host gives null", async () => {
    for (const userSupplied of [false, true]) {
      for (const [provider, access] of implemented(UNREACHABLE, ANA, userSupplied)) {
        expect(await readAccountIdentity(app, provider, access), provider).toBeNull();
      }
    }
  });

  it("an answer without the identity's fields, not JSON, or too large gives null", async () => {
    for (const body of [
      "{}",
      '{"data":{}}',
      "<html>not json</html>",
      JSON.stringify({ x: "y".repeat(100_000) }),
    ]) {
      answer = (_request, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(body);
      };
      for (const [provider, access] of implemented(odd.url)) {
        expect(
          await readAccountIdentity(app, provider, access),
          `${provider} ${body.slice(0, 20)}`,
        ).toBeNull();
      }
    }
  });

  it("a redirect is not followed (it would carry the token elsewhere)", async () => {
    const elsewhere = `${odd.url}/elsewhere`;
    answer = (request, response) => {
      if (request.path === "/elsewhere") return json(response, 200, { email: "thief@evil.test" });
      response.writeHead(302, { location: elsewhere }).end();
    };
    for (const userSupplied of [false, true]) {
      for (const [provider, access] of implemented(odd.url, ANA, userSupplied)) {
        expect(await readAccountIdentity(app, provider, access), provider).toBeNull();
      }
    }
    expect(odd.requests.filter((request) => request.path === "/elsewhere")).toHaveLength(0);
  });

  it("the connection's own host passes the SSRF guard: a private address is refused before any request", async () => {
    const guarded = { ...app, config: { ...app.config, allowPrivateUrls: false } } as App;
    expect(
      await readAccountIdentity(guarded, "salesforce", ownHost("salesforce", salesforce.url, ANA)),
    ).toBeNull();
    expect(
      await readAccountIdentity(guarded, "pipedrive", ownHost("pipedrive", pipedrive.url, ANA)),
    ).toBeNull();
    expect(salesforce.requests).toHaveLength(0);
    expect(pipedrive.requests).toHaveLength(0);
  });

  it(
    "a host that does not answer gives null after the short limit",
    async () => {
      answer = () => {
        // Never answers; the fake's close() ends the connection.
      };
      const started = Date.now();
      expect(await readAccountIdentity(app, "hubspot", configured("hubspot", ANA))).not.toBeNull();
      expect(await readAccountIdentity(app, "hubspot", ownHost("hubspot", odd.url, ANA))).toBeNull();
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(IDENTITY_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(IDENTITY_TIMEOUT_MS + 3_000);
    },
    IDENTITY_TIMEOUT_MS + 10_000,
  );

  it("no base URL gives null without a request", async () => {
    expect(await readAccountIdentity(app, "hubspot", { baseUrl: "", headers: {} })).toBeNull();
  });
});

const mail = (id: string, subject: string, from: string): FakeMail => ({
  id,
  threadId: id,
  labelIds: ["INBOX"],
  internalDate: "1772445600000",
  headers: [
    { name: "From", value: from },
    { name: "Subject", value: subject },
  ],
  text: `${subject}.`,
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const getJson = async (url: string, token: string) => {
  const response = await fetch(url, { headers: bearer(token) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("the Gmail fake serves two people by token", () => {
  const PROFILE = "/gmail/v1/users/me/profile";
  const MESSAGES = "/gmail/v1/users/me/messages";

  it("each token sees its own profile and mailbox, and writes only to it; `served` says which token", async () => {
    gmail.mailbox.splice(0, gmail.mailbox.length, mail("19a0", "Default inbox", "x@acme.test"));
    gmail.addAccount("ana@acme.test", [mail("19a1", "For Ana", "boss@acme.test")]);
    gmail.addAccount("ben@acme.test", [mail("19b1", "For Ben", "client@beta.test")]);
    gmail.identities.set(ANA, "ana@acme.test").set(BEN, "ben@acme.test");
    gmail.served.length = 0;

    expect((await getJson(`${gmail.url}${PROFILE}`, ANA)).body.emailAddress).toBe("ana@acme.test");
    expect((await getJson(`${gmail.url}${PROFILE}`, BEN)).body.emailAddress).toBe("ben@acme.test");
    // A token of nobody in particular still reaches the default mailbox, as before.
    expect((await getJson(`${gmail.url}${PROFILE}`, PLAIN)).body.emailAddress).toBe("petr@acme.test");
    expect((await getJson(`${gmail.url}${MESSAGES}`, ANA)).body.messages).toEqual([
      { id: "19a1", threadId: "19a1" },
    ]);
    expect((await getJson(`${gmail.url}${MESSAGES}`, BEN)).body.messages).toEqual([
      { id: "19b1", threadId: "19b1" },
    ]);
    // Ben cannot read Ana's message by its id.
    expect((await getJson(`${gmail.url}${MESSAGES}/19a1`, BEN)).status).toBe(404);

    const raw = Buffer.from("To: client@beta.test\r\nSubject: Hello\r\n\r\nHi").toString("base64url");
    const sent = await fetch(`${gmail.url}${MESSAGES}/send`, {
      method: "POST",
      headers: { ...bearer(BEN), "content-type": "application/json" },
      body: JSON.stringify({ raw }),
    });
    expect(sent.status).toBe(200);
    const ben = gmail.accounts.get("ben@acme.test");
    expect(ben?.mailbox.at(-1)?.headers[0]).toEqual({ name: "From", value: "ben@acme.test" });
    expect(gmail.accounts.get("ana@acme.test")?.mailbox).toHaveLength(1);
    expect(gmail.mailbox).toHaveLength(1);

    // What a test of personal connections asserts: every call answered from a mailbox carried its owner's token.
    const tokensOf = (email: string) => [
      ...new Set(gmail.served.filter((s) => s.email === email).map((s) => s.token)),
    ];
    expect(tokensOf("ana@acme.test")).toEqual([ANA]);
    expect(tokensOf("ben@acme.test")).toEqual([BEN]);
    expect(gmail.served.map((s) => [s.method, s.path, s.email])).toEqual([
      ["GET", PROFILE, "ana@acme.test"],
      ["GET", PROFILE, "ben@acme.test"],
      ["GET", PROFILE, "petr@acme.test"],
      ["GET", MESSAGES, "ana@acme.test"],
      ["GET", MESSAGES, "ben@acme.test"],
      ["GET", `${MESSAGES}/19a1`, "ben@acme.test"],
      ["POST", `${MESSAGES}/send`, "ben@acme.test"],
    ]);
  });

  it("with the OAuth fake, tokens belong to whoever consented, refreshed ones too; userinfo agrees", async () => {
    const client = { id: "acme-google-app", secret: "acme-google-secret-0123456789" };
    const oauth = await startFakeOAuthProvider({ clients: { [client.id]: client.secret }, expiresIn: 3600 });
    try {
      const redirectUri = "http://localhost:3000/api/integrations/oauth/callback";
      const tokenFor = async (person: string) => {
        oauth.consentAs = person;
        const query = new URLSearchParams({
          client_id: client.id,
          redirect_uri: redirectUri,
          response_type: "code",
          state: "s",
        });
        const back = new URL(await oauth.approve(`${oauth.authorizeUrl}?${query}`));
        const form = {
          grant_type: "authorization_code",
          code: back.searchParams.get("code") ?? "",
          redirect_uri: redirectUri,
          client_id: client.id,
          client_secret: client.secret,
        };
        const answered = await fetch(oauth.tokenUrl, { method: "POST", body: new URLSearchParams(form) });
        return (await answered.json()) as { access_token: string; refresh_token: string };
      };
      const ana = await tokenFor("ana@acme.test");
      const ben = await tokenFor("ben@acme.test");
      const refreshed = await fetch(oauth.tokenUrl, {
        method: "POST",
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: ana.refresh_token,
          client_id: client.id,
          client_secret: client.secret,
        }),
      }).then((response) => response.json() as Promise<{ access_token: string }>);
      expect(oauth.identityOf(ana.access_token)).toBe("ana@acme.test");
      expect(oauth.identityOf(refreshed.access_token)).toBe("ana@acme.test");
      expect(oauth.identityOf(ben.access_token)).toBe("ben@acme.test");

      const issued = (token: string) => oauth.issued.includes(token);
      const people = await startFakeGmail(issued);
      const host = createFakeGoogleUserinfo();
      const api = await startFakeGoogleCalendar(issued, host.handle);
      try {
        people.identify = (token) => oauth.identityOf(token);
        host.identify = people.emailOf;
        for (const [token, email] of [
          [ana.access_token, "ana@acme.test"],
          [refreshed.access_token, "ana@acme.test"],
          [ben.access_token, "ben@acme.test"],
        ] as const) {
          expect((await getJson(`${people.url}${PROFILE}`, token)).body.emailAddress).toBe(email);
          const identity = await readAccountIdentity(app, "google", {
            baseUrl: api.url,
            headers: oauthHeaders("google", token),
          });
          expect(identity).toEqual({ id: email, label: email });
        }
      } finally {
        await Promise.all([people.close(), api.close()]);
      }
    } finally {
      await oauth.close();
    }
  });
});

describe("the HubSpot fake serves two portals by token", () => {
  const search = (token: string, type: string) =>
    fetch(`${hubspot.url}/crm/v3/objects/${type}/search`, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ limit: 10 }),
    }).then(
      (response) =>
        response.json() as Promise<{ results: { id: string; properties: Record<string, string> }[] }>,
    );

  it("each token reaches its own portal's CRM records, and writes only there; `served` says which token", async () => {
    hubspot.records.splice(0, hubspot.records.length, {
      id: "1",
      type: "contacts",
      properties: { email: "default@acme.test" },
    });
    const acme = hubspot.addPortal(1110001, {
      records: [{ id: "151", type: "contacts", properties: { email: "ana.client@acme.test" } }],
    });
    const beta = hubspot.addPortal(2220002, {
      records: [{ id: "251", type: "contacts", properties: { email: "ben.client@beta.test" } }],
    });
    hubspot.identities.set(ANA, 1110001).set(BEN, 2220002);
    hubspot.served.length = 0;

    expect((await search(ANA, "contacts")).results.map((r) => r.properties.email)).toEqual([
      "ana.client@acme.test",
    ]);
    expect((await search(BEN, "contacts")).results.map((r) => r.properties.email)).toEqual([
      "ben.client@beta.test",
    ]);
    expect((await search(PLAIN, "contacts")).results.map((r) => r.properties.email)).toEqual([
      "default@acme.test",
    ]);
    // Ben cannot read Ana's contact by its id.
    expect((await fetch(`${hubspot.url}/crm/v3/objects/contacts/151`, { headers: bearer(BEN) })).status).toBe(
      404,
    );

    const created = await fetch(`${hubspot.url}/crm/v3/objects/deals`, {
      method: "POST",
      headers: { ...bearer(BEN), "content-type": "application/json" },
      body: JSON.stringify({ properties: { dealname: "Beta renewal" } }),
    });
    expect(created.status).toBe(201);
    expect(beta.records.filter((record) => record.type === "deals")).toHaveLength(1);
    expect(acme.records.filter((record) => record.type === "deals")).toHaveLength(0);
    expect(hubspot.records.filter((record) => record.type === "deals")).toHaveLength(0);

    expect((await getJson(`${hubspot.url}/account-info/2026-03/details`, BEN)).body).toMatchObject({
      portalId: 2220002,
      accountType: "STANDARD",
    });
    const tokensOf = (portalId: number) => [
      ...new Set(hubspot.served.filter((s) => s.portalId === portalId).map((s) => s.token)),
    ];
    expect(tokensOf(1110001)).toEqual([ANA]);
    expect(tokensOf(2220002)).toEqual([BEN]);
    expect(tokensOf(DEFAULT_PORTAL_ID)).toEqual([PLAIN]);
    expect(hubspot.portalOf(ANA)).toBe(1110001);
  });
});
