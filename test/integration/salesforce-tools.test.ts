// Salesforce's tool pack through /mcp against a fake Salesforce instance written from the REST API
// reference: every call on the instance_url of the token answer (never the configured login host), under
// the newest API version the instance lists (v67.0 here), every request checked exactly, a SOQL result followed through its nextRecordsUrl, Salesforce's
// error body as one sentence, a refresh although the token answer has no expires_in, and revocation.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { integrationConnection } from "~/server/db/schema/index.ts";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startFakeSalesforce } from "../fakes/salesforce.ts";
import { startCrmWorld, textOf } from "./crm-world.ts";

const API = "/services/data/v67.0";

const w = await startCrmWorld({
  provider: "salesforce",
  integrationId: "salesforce",
  startApi: startFakeSalesforce,
  // Nothing listens on the configured login host: every call must go to the instance_url.
  endpoints: () => ({ apiBaseUrl: "http://127.0.0.1:9" }),
  tokenFields: (api) => ({
    instance_url: api.url,
    id: "https://login.salesforce.com/id/00DRM0000000001AAA/005RM0000000001AAA",
    issued_at: "1760000000000",
    signature: "c2lnbmF0dXJl",
    scope: "api refresh_token",
  }),
  // Salesforce's token answer carries no expires_in.
  expiresIn: null,
  env: { ALLOW_PRIVATE_URLS: "true" },
});
afterAll(() => w.close());
beforeEach(() => {
  w.api.requests.length = 0;
  w.api.batchSize = 2000;
  w.api.records.Account = [
    { Id: "001RM0000000001AAA", Name: "Acme s.r.o.", Industry: "Banking" },
    { Id: "001RM0000000002AAA", Name: "Beta a.s.", Industry: null },
    { Id: "001RM0000000003AAA", Name: "Gamma GmbH", Industry: "Banking" },
  ];
  w.api.records.Contact = [{ Id: "003RM0000000001AAA", Name: "Ana Acmeova" }];
});

const only = (): RecordedRequest => {
  expect(w.api.requests).toHaveLength(1);
  return w.api.requests[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];

describe("Salesforce tools on /mcp", () => {
  it("lists the pack's tools with their annotations", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("salesforce_"));
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("salesforce_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
      ]),
    );
    const read = [true, false];
    expect(hints).toEqual({
      query: read,
      search_text: read,
      search: read,
      describe_global: read,
      describe_object: read,
      get_record: read,
      create_record: [false, false],
      update_record: [false, true],
    });
    for (const tool of tools) expect(tool.description).toMatch(/Example: \{/);
  });

  it("stores an assumed expiry because the token answer has none", async () => {
    const [row] = await w.app.db
      .select()
      .from(integrationConnection)
      .where(
        and(
          eq(integrationConnection.organizationId, w.world.orgA.id),
          eq(integrationConnection.provider, "salesforce"),
        ),
      );
    const left = (row?.accessTokenExpiresAt?.getTime() ?? 0) - Date.now();
    expect(left).toBeGreaterThan(3500_000);
    expect(left).toBeLessThanOrEqual(3600_000);
  });

  // First of the tool calls: the version is learned once per instance and kept.
  it("calls the newest version the instance lists; a failed or odd versions list is a clear error", async () => {
    const listed = w.api.versions;
    w.api.versions = 503;
    const down = await w.call("salesforce_describe_global", {});
    expect(down.isError).toBe(true);
    expect(textOf(down)).toBe("Salesforce answered HTTP 503: Service temporarily unavailable");
    // A 503 is sent again (the engine's retries); nothing but the versions list was asked.
    expect(new Set(w.api.requests.map((request) => JSON.stringify(line(request))))).toEqual(
      new Set([JSON.stringify(["GET", "/services/data/", []])]),
    );
    w.api.requests.length = 0;
    w.api.versions = { versions: listed };
    const odd = await w.call("salesforce_describe_global", {});
    expect(odd.isError).toBe(true);
    expect(textOf(odd)).toBe(
      "Salesforce's versions list (GET /services/data/) answered object, not a list of versions, so no API version to call.",
    );
    w.api.requests.length = 0;
    w.api.versions = listed;
    const first = await w.call("salesforce_describe_global", {});
    expect(first.isError).toBeFalsy();
    // Listed 31.0, 67.0, 66.0: the newest, not the last.
    expect(w.api.requests.map(line)).toEqual([
      ["GET", "/services/data/", []],
      ["GET", `${API}/sobjects/`, []],
    ]);
    w.api.requests.length = 0;
    await w.call("salesforce_describe_global", {});
    expect(line(only())).toEqual(["GET", `${API}/sobjects/`, []]);
  });

  it("query on the instance_url, followed through nextRecordsUrl", async () => {
    w.api.batchSize = 2;
    const soql = "SELECT Id, Name FROM Account ORDER BY Name";
    const first = await w.call("salesforce_query", { soql });
    const request = only();
    expect(line(request)).toEqual(["GET", `${API}/query/`, [["q", soql]]]);
    expect(request.headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as {
      totalSize: number;
      done: boolean;
      records: { Id: string }[];
      nextRecordsUrl: string;
    };
    expect(page1).toMatchObject({ totalSize: 3, done: false });
    expect(page1.records.map((record) => record.Id)).toEqual(["001RM0000000001AAA", "001RM0000000002AAA"]);
    expect(page1.nextRecordsUrl).toBe(`${API}/query/01gRM00000AbCdEYAN-2`);
    w.api.requests.length = 0;
    const second = await w.call("salesforce_query", { nextRecordsUrl: page1.nextRecordsUrl });
    expect(line(only())).toEqual(["GET", `${API}/query/01gRM00000AbCdEYAN-2`, []]);
    expect(second.structuredContent).toEqual({
      totalSize: 3,
      done: true,
      records: [
        {
          attributes: { type: "Account", url: `${API}/sobjects/Account/001RM0000000003AAA` },
          Id: "001RM0000000003AAA",
          Name: "Gamma GmbH",
        },
      ],
    });
  });

  it("queryAll with includeDeleted; a malformed query is Salesforce's error as one sentence", async () => {
    await w.call("salesforce_query", { soql: "SELECT Id FROM Contact", includeDeleted: true });
    expect(line(only())).toEqual(["GET", `${API}/queryAll/`, [["q", "SELECT Id FROM Contact"]]]);
    w.api.requests.length = 0;
    const bad = await w.call("salesforce_query", { soql: "SELEC Id FROM Account" });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe("Salesforce answered HTTP 400: unexpected token: 'SELEC'");
  });

  it("query refuses a nextRecordsUrl that is not a query locator, and needs soql otherwise", async () => {
    const elsewhere = await w.call("salesforce_query", { nextRecordsUrl: `${API}/sobjects/` });
    expect(elsewhere.isError).toBe(true);
    const nothing = await w.call("salesforce_query", {});
    expect(nothing.isError).toBe(true);
    expect(textOf(nothing)).toMatch(/Give soql/);
    expect(w.api.requests).toHaveLength(0);
  });

  it("search_text: parameterizedSearch with per-object fields and limit, offset for the second page", async () => {
    w.api.records.Account?.push({ Id: "001RM0000000004AAA", Name: "Acme Trading", Industry: "Retail" });
    const args = {
      q: "acme",
      objects: [{ name: "Account", fields: ["Id", "Name", "Industry"], limit: 1 }],
      in: "NAME" as const,
    };
    const first = await w.call("salesforce_search_text", args);
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      `${API}/parameterizedSearch/`,
      [
        ["q", "acme"],
        ["in", "NAME"],
        ["sobject", "Account"],
        ["Account.fields", "Id,Name,Industry"],
        ["Account.limit", "1"],
      ],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(request.body).toBe("");
    expect(first.structuredContent).toEqual({
      searchRecords: [
        {
          attributes: expect.objectContaining({ type: "Account" }),
          Id: "001RM0000000001AAA",
          Name: "Acme s.r.o.",
          Industry: "Banking",
        },
      ],
    });
    w.api.requests.length = 0;
    const second = await w.call("salesforce_search_text", { ...args, offset: 1 });
    expect(only().query.get("offset")).toBe("1");
    expect(second.structuredContent).toMatchObject({ searchRecords: [{ Id: "001RM0000000004AAA" }] });

    w.api.requests.length = 0;
    const unpaged = await w.call("salesforce_search_text", { q: "acme", offset: 1 });
    expect(unpaged.isError).toBe(true);
    expect(w.api.requests).toHaveLength(0);
    const refused = await w.call("salesforce_search_text", { q: "  " });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      "Salesforce answered HTTP 400: search term must be longer than one character",
    );
  });

  it("search (SOSL) across objects", async () => {
    const sosl = "FIND {acme*} IN NAME FIELDS RETURNING Account(Id, Name), Contact(Id, Name)";
    const result = await w.call("salesforce_search", { sosl });
    expect(line(only())).toEqual(["GET", `${API}/search/`, [["q", sosl]]]);
    expect(result.structuredContent).toEqual({
      searchRecords: [
        expect.objectContaining({ Id: "001RM0000000001AAA", Name: "Acme s.r.o." }),
        expect.objectContaining({ Id: "003RM0000000001AAA", Name: "Ana Acmeova" }),
      ],
    });
  });

  it("describe_global, filtered to what the model asked for", async () => {
    const result = await w.call("salesforce_describe_global", { customOnly: true });
    expect(line(only())).toEqual(["GET", `${API}/sobjects/`, []]);
    expect(result.structuredContent).toEqual({
      sobjects: [
        {
          name: "Invoice__c",
          label: "Invoice",
          custom: true,
          queryable: true,
          createable: true,
          updateable: true,
          keyPrefix: "a01",
        },
      ],
    });
    w.api.requests.length = 0;
    const named = await w.call("salesforce_describe_global", { nameContains: "CONT" });
    expect((named.structuredContent as { sobjects: { name: string }[] }).sobjects.map((o) => o.name)).toEqual(
      ["Contact"],
    );
  });

  it("describe_object keeps fields, active picklist values, lookups and named child relationships", async () => {
    const result = await w.call("salesforce_describe_object", { object: "Account" });
    expect(line(only())).toEqual(["GET", `${API}/sobjects/Account/describe/`, []]);
    const described = result.structuredContent as {
      fields: Record<string, unknown>[];
      childRelationships: unknown[];
    };
    expect(described.fields.find((field) => field.name === "Industry")).toMatchObject({
      type: "picklist",
      picklistValues: ["Banking"],
    });
    expect(described.fields.find((field) => field.name === "OwnerId")).toMatchObject({
      referenceTo: ["User"],
      relationshipName: "Owner",
      defaultedOnCreate: true,
    });
    expect(described.childRelationships).toEqual([
      { relationshipName: "Contacts", childSObject: "Contact", field: "AccountId" },
    ]);
    const bad = await w.call("salesforce_describe_object", { object: "Account/../x" });
    expect(bad.isError).toBe(true);
  });

  it("get_record, create_record (201) and update_record (204)", async () => {
    const got = await w.call("salesforce_get_record", {
      object: "Account",
      id: "001RM0000000001AAA",
      fields: ["Name", "Industry"],
    });
    expect(line(only())).toEqual([
      "GET",
      `${API}/sobjects/Account/001RM0000000001AAA`,
      [["fields", "Name,Industry"]],
    ]);
    expect(got.structuredContent).toMatchObject({ Id: "001RM0000000001AAA", Name: "Acme s.r.o." });
    w.api.requests.length = 0;

    const created = await w.call("salesforce_create_record", {
      object: "Account",
      fields: { Name: "Delta s.r.o.", Industry: "Banking", NumberOfEmployees: 12 },
    });
    const post = only();
    expect(line(post)).toEqual(["POST", `${API}/sobjects/Account/`, []]);
    expect(post.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(post.body)).toEqual({
      Name: "Delta s.r.o.",
      Industry: "Banking",
      NumberOfEmployees: 12,
    });
    const { id } = created.structuredContent as { id: string; success: boolean };
    expect(created.structuredContent).toMatchObject({ success: true, errors: [] });
    w.api.requests.length = 0;

    const updated = await w.call("salesforce_update_record", {
      object: "Account",
      id,
      fields: { Industry: null, Name: "Delta a.s." },
    });
    expect(line(only())).toEqual(["PATCH", `${API}/sobjects/Account/${id}`, []]);
    expect(JSON.parse(only().body)).toEqual({ Industry: null, Name: "Delta a.s." });
    expect(updated.structuredContent).toEqual({ id, object: "Account", updated: true });
    expect(w.api.records.Account?.find((record) => record.Id === id)).toMatchObject({ Name: "Delta a.s." });
  });

  it("a missing field and an unknown record are Salesforce's errors", async () => {
    const missing = await w.call("salesforce_create_record", {
      object: "Account",
      fields: { Industry: "x" },
    });
    expect(textOf(missing)).toBe("Salesforce answered HTTP 400: Required fields are missing: [Name]");
    const unknown = await w.call("salesforce_get_record", { object: "Account", id: "001RM0000000999AAA" });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe("Salesforce answered HTTP 404: The requested resource does not exist");
  });

  it("refreshes at the assumed expiry and once after a 401, staying on the instance", async () => {
    const before = w.oauth.refreshRequests.length;
    await w.expireStoredToken();
    const result = await w.call("salesforce_describe_global", {});
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(only().headers.authorization).toBe(w.bearer());
    w.refuseCurrentToken();
    w.api.requests.length = 0;
    const retried = await w.call("salesforce_describe_global", {});
    expect(retried.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(2);
    expect(w.api.requests).toHaveLength(2);
    expect(w.api.requests.at(-1)?.headers.authorization).toBe(w.bearer());
  });

  it("disconnecting revokes the refresh token (POST /services/oauth2/revoke)", async () => {
    const refreshToken = w.oauth.issued.filter((token) => token.includes("refresh-token")).at(-1);
    const result = await w.world.ownerA.caller.integrations.connections.disconnect({
      organizationId: w.world.orgA.id,
      provider: "salesforce",
    });
    expect(result).toMatchObject({ revoked: true });
    expect(w.oauth.revoked).toEqual([refreshToken]);
  });

  it("an OAuth app with a sandbox login URL authorizes at that host", async () => {
    await w.world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: w.world.orgA.id,
      provider: "salesforce",
      authFlow: "oauth",
      values: {
        clientId: "sandbox-app",
        clientSecret: "sandbox-secret-0123456789",
        redirectUri: `${w.app.config.baseUrl}/api/integrations/oauth/callback`,
        loginUrl: "https://test.salesforce.com",
      },
    });
    const { authorizeUrl } = await w.world.ownerA.caller.integrations.connections.startOAuth({
      organizationId: w.world.orgA.id,
      integrationId: "salesforce",
    });
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe("https://test.salesforce.com/services/oauth2/authorize");
    expect(url.searchParams.get("client_id")).toBe("sandbox-app");
    expect(url.searchParams.get("scope")).toBe("api refresh_token");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });
});
