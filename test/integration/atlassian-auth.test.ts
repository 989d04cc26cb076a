// Atlassian's auth the way its references describe it, against local fakes that check each request:
// token requests as JSON bodies (OAuth 2.0 (3LO) apps), the scopes Jira's and Confluence's endpoints
// name, the site the user chooses when the token reaches several (never silently the first), API tokens
// sent to the site's own address with Basic email:token, and a disconnect that says where to revoke.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findConnection } from "~/server/integrations/connections/connection-store.ts";
import { startAtlassianWorld } from "./atlassian-world.ts";
import { textOf } from "./google-world.ts";
import { outcome } from "./world.ts";

const APP = { clientId: "acme-atlassian-app", clientSecret: "acme-atlassian-secret-0123456789" };

const w = await startAtlassianWorld();
afterAll(() => w.close());

const basic = (email: string, token: string) =>
  `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`;

describe("Atlassian OAuth 2.0 (3LO)", () => {
  it("asks for offline access and the classic and granular scopes the tools' endpoints require", async () => {
    const { authorizeUrl } = await w.world.ownerA.caller.integrations.connections.startOAuth({
      organizationId: w.world.orgA.id,
      integrationId: "confluence",
    });
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get("audience")).toBe("api.atlassian.com");
    expect(url.searchParams.get("prompt")).toBe("consent");
    expect(url.searchParams.get("code_challenge")).toBeNull();
    expect(url.searchParams.get("scope")?.split(" ").sort()).toEqual(
      [
        "offline_access",
        "read:me",
        // Jira platform REST v3 (classic scopes)
        "read:jira-work",
        "write:jira-work",
        "read:jira-user",
        // Confluence: v1 CQL search (classic), v2 pages, spaces and comments (granular)
        "search:confluence",
        "read:page:confluence",
        "write:page:confluence",
        "read:space:confluence",
        "read:comment:confluence",
        "write:comment:confluence",
      ].sort(),
    );
  });

  it("exchanges the code with a JSON body carrying the client's id and secret", async () => {
    const [exchange] = w.oauth.codeRequests;
    expect(exchange?.headers["content-type"]).toBe("application/json");
    expect(exchange?.headers.authorization).toBeUndefined();
    const body = JSON.parse(exchange?.body ?? "{}") as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual([
      "client_id",
      "client_secret",
      "code",
      "grant_type",
      "redirect_uri",
    ]);
    expect(body).toMatchObject({
      grant_type: "authorization_code",
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      redirect_uri: `${w.app.config.baseUrl}/api/integrations/oauth/callback`,
    });
  });

  it("refreshes with a JSON body too", async () => {
    const refreshToken = w.oauth.issued.filter((token) => token.includes("refresh-token")).at(-1);
    await w.expireStoredToken();
    const result = await w.call("jira_get_issue", { issueIdOrKey: "NOPE-1" });
    expect(textOf(result)).toMatch(/Issue does not exist/);
    const refresh = w.oauth.refreshRequests.at(-1);
    expect(refresh?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(refresh?.body ?? "{}")).toEqual({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
    });
  });

  it("stores the only site at connect", async () => {
    const row = await findConnection(w.app.db, w.world.orgA.id, "atlassian");
    expect(row?.account?.site).toEqual({
      id: w.jira.cloudId,
      url: "https://acme.atlassian.net",
      name: "acme",
    });
  });
});

describe("several Atlassian sites", () => {
  let organizationId: string;
  const other = {
    id: "99999999-0000-4000-8000-000000000001",
    url: "https://first.atlassian.net",
    name: "first",
  };

  beforeAll(async () => {
    ({ id: organizationId } = await w.world.ownerB.caller.organization.create({ name: "Two sites" }));
    await w.world.ownerB.caller.integrations.credentials.saveOrganizationCredential({
      organizationId,
      provider: "atlassian",
      authFlow: "oauth",
      values: { ...APP, redirectUri: `${w.app.config.baseUrl}/api/integrations/oauth/callback` },
    });
    // The site Portico must use is the second in Atlassian's list.
    w.jira.sites = [other, { id: w.jira.cloudId, url: "https://acme.atlassian.net", name: "acme" }];
  });

  it("connects without choosing for the user: the connection waits for a site", async () => {
    const response = await w.connect(w.world.ownerB, organizationId);
    expect(response?.status).toBe(302);
    const [view] = await w.world.ownerB.caller.integrations.connections.getOrganizationConnections({
      organizationId,
    });
    expect(view).toMatchObject({
      status: "pending",
      statusReason: "Choose which Atlassian site Portico should use.",
      account: { sites: [other, { id: w.jira.cloudId, name: "acme" }] },
    });
    expect(view?.account?.site).toBeUndefined();
  });

  it("refuses a site the token does not reach, and other organizations' owners", async () => {
    await expect(
      w.world.ownerB.caller.integrations.connections.chooseSite({
        organizationId,
        provider: "atlassian",
        siteId: "not-granted",
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This connection cannot reach that site. Reconnect to grant it, then choose it here.",
    });
    expect(
      await outcome(
        w.world.ownerA.caller.integrations.connections.chooseSite({
          organizationId,
          provider: "atlassian",
          siteId: w.jira.cloudId,
        }),
      ),
    ).toMatch(/^(FORBIDDEN|NOT_FOUND)$/);
  });

  it("uses the chosen site for every call, and keeps it across a reconnect", async () => {
    const view = await w.world.ownerB.caller.integrations.connections.chooseSite({
      organizationId,
      provider: "atlassian",
      siteId: w.jira.cloudId,
    });
    expect(view).toMatchObject({ status: "active", statusReason: null, account: { site: { name: "acme" } } });
    const project = await w.world.ownerB.caller.project.create({ organizationId, name: "Two sites bot" });
    await w.world.ownerB.caller.projectServers.addServer({ projectId: project.id, integrationId: "jira" });
    const { openApiEngine } = await import("~/server/integrations/engine/openapi/openapi-engine.ts");
    w.jira.requests.length = 0;
    const result = await openApiEngine.callTool(
      w.app,
      { organizationId, integrationId: "jira" },
      "get_issue",
      { issueIdOrKey: "NOPE-1" },
      new AbortController().signal,
    );
    expect(textOf(result)).toMatch(/Issue does not exist/);
    expect(w.jira.requests.map((r) => r.path)).toEqual([
      `/ex/jira/${w.jira.cloudId}/rest/api/3/issue/NOPE-1`,
    ]);

    await w.connect(w.world.ownerB, organizationId);
    const row = await findConnection(w.app.db, organizationId, "atlassian");
    expect(row).toMatchObject({ status: "active", account: { site: { id: w.jira.cloudId } } });
    w.jira.sites = w.jira.sites.slice(1);
  });

  it("disconnecting calls no revocation (Atlassian documents none) and says where to remove access", async () => {
    const before = w.oauth.requests.length;
    const result = await w.world.ownerB.caller.integrations.connections.disconnect({
      organizationId,
      provider: "atlassian",
    });
    expect(result).toEqual({ revoked: false });
    expect(w.oauth.requests.length).toBe(before);
    const row = await findConnection(w.app.db, organizationId, "atlassian");
    expect(row?.statusReason).toBe(
      "Disconnected. Portico cannot revoke access at Atlassian: remove it in your Atlassian account settings.",
    );
  });
});

describe("Atlassian API tokens", () => {
  it("are checked and used at the site's own address with Basic email:token", async () => {
    const { id: organizationId } = await w.world.ownerB.caller.organization.create({ name: "Token org" });
    w.jira.apiTokens.set("ops@acme.test", "ATATT3x-token");
    w.jira.issues.push({ id: "10001", key: "OPS-1", fields: { summary: "Printer on fire" } });
    w.jira.requests.length = 0;
    await expect(
      w.world.ownerB.caller.integrations.credentials.saveOrganizationCredential({
        organizationId,
        provider: "atlassian",
        authFlow: "api-token",
        values: { email: "ops@acme.test", apiToken: "wrong", siteUrl: w.jira.url },
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^Atlassian refused/) });
    await w.world.ownerB.caller.integrations.credentials.saveOrganizationCredential({
      organizationId,
      provider: "atlassian",
      authFlow: "api-token",
      values: { email: "ops@acme.test", apiToken: "ATATT3x-token", siteUrl: `${w.jira.url}/jira/your-work` },
    });
    expect(w.jira.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ["GET", "/rest/api/3/myself", basic("ops@acme.test", "wrong")],
      ["GET", "/rest/api/3/myself", basic("ops@acme.test", "ATATT3x-token")],
    ]);

    const { openApiEngine } = await import("~/server/integrations/engine/openapi/openapi-engine.ts");
    w.jira.requests.length = 0;
    const result = await openApiEngine.callTool(
      w.app,
      { organizationId, integrationId: "jira" },
      "get_issue",
      { issueIdOrKey: "OPS-1", fields: ["summary"] },
      new AbortController().signal,
    );
    expect(result.structuredContent).toMatchObject({ key: "OPS-1", fields: { summary: "Printer on fire" } });
    expect(w.jira.requests.map((r) => [r.path, r.query.toString(), r.headers.authorization])).toEqual([
      ["/rest/api/3/issue/OPS-1", "fields=summary", basic("ops@acme.test", "ATATT3x-token")],
    ]);
    // Confluence on the same site: /wiki/api/v2 under the site's address.
    w.jira.requests.length = 0;
    const spaces = await openApiEngine.callTool(
      w.app,
      { organizationId, integrationId: "confluence" },
      "list_spaces",
      { limit: 5 },
      new AbortController().signal,
    );
    expect(spaces.isError).toBeFalsy();
    expect(w.jira.requests.map((r) => [r.path, r.query.toString(), r.headers.authorization])).toEqual([
      ["/wiki/api/v2/spaces", "limit=5", basic("ops@acme.test", "ATATT3x-token")],
    ]);
  });
});
