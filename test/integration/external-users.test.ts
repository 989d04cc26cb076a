// External users (issue 38, item 3): the service functions the management API wires into REST, their
// tenancy, connect links (single use, expiry, registered return URLs) and the "pxu_" MCP credential.
// End to end: a connect link's page connects the external user's own Google account against the fake
// OAuth server, the return URL gets status=connected, and a tool call with the user's token reaches
// Gmail with that user's access token; the call log names the external user. Deleting the user revokes
// the grant at Google and stops its token.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors.ts";
import type { App } from "~/server/app-services.ts";
import {
  externalUser,
  externalUserConnectLink,
  integrationConnection,
  toolCall,
} from "~/server/db/schema/index.ts";
import { createConnectLink } from "~/server/external-users/connect-links.ts";
import { handleConnectRequest } from "~/server/external-users/connect-page.ts";
import {
  issueExternalUserToken,
  revokeExternalUserToken,
} from "~/server/external-users/external-user-tokens.ts";
import {
  createExternalUser,
  deleteExternalUser,
  getExternalUser,
  listExternalUsers,
} from "~/server/external-users/external-users.ts";
import { listReturnUrls, setReturnUrls } from "~/server/external-users/return-urls.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { connectMcpClient, mcpPost } from "../support/mcp-client.ts";
import { startPersonalWorld } from "./personal-world.ts";
import { textOf } from "./tool-pack.ts";

const { app, world, oauth, gmail, serverId } = await startPersonalWorld();
const scopeA = { organizationId: world.orgA.id, projectId: world.projectA.id };
const RETURN_URL = "https://builder.example/connected";
const clients: { close(): Promise<unknown> }[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).message };
}

function connect(app: App, url: string, method = "GET") {
  const { pathname } = new URL(url);
  return handleConnectRequest(app, new Request(url, { method }), pathname);
}

describe("external users", () => {
  it("are created under the builder's own id, listed in pages and read one by one", async () => {
    for (const id of ["cus-3", "cus-1", "cus-2"]) await createExternalUser(app, scopeA, { id });
    const first = await listExternalUsers(app, scopeA, { limit: 2 });
    expect(first.items.map((item) => item.id)).toEqual(["cus-1", "cus-2"]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listExternalUsers(app, scopeA, { limit: 2, cursor: first.nextCursor ?? "" });
    expect(second.items.map((item) => item.id)).toEqual(["cus-3"]);
    expect(second.nextCursor).toBeNull();
    const one = await getExternalUser(app, scopeA, { externalUserId: "cus-2" });
    expect(one).toMatchObject({ id: "cus-2", lastCallAt: null, connections: [], tokens: [] });
  });

  it("refuses a second user with the same id, a malformed id or cursor, and an unknown user", async () => {
    expect(await refusal(createExternalUser(app, scopeA, { id: "cus-1" }))).toEqual({
      code: "BAD_REQUEST",
      message: 'The project already has an external user "cus-1"',
    });
    expect((await refusal(createExternalUser(app, scopeA, { id: "has space" }))).code).toBe("BAD_REQUEST");
    expect((await refusal(listExternalUsers(app, scopeA, { cursor: "!!" }))).code).toBe("BAD_REQUEST");
    expect(await refusal(getExternalUser(app, scopeA, { externalUserId: "nobody" }))).toEqual({
      code: "NOT_FOUND",
      message: "External user not found",
    });
  });

  it("reach nothing of another organization: its project id, or this project under its id", async () => {
    const crossed = [
      { organizationId: world.orgB.id, projectId: world.projectA.id },
      { organizationId: world.orgA.id, projectId: world.projectB.id },
    ];
    for (const scope of crossed) {
      const calls = [
        () => createExternalUser(app, scope, { id: "intruder" }),
        () => listExternalUsers(app, scope, {}),
        () => getExternalUser(app, scope, { externalUserId: "cus-1" }),
        () => deleteExternalUser(app, scope, { externalUserId: "cus-1" }),
        () =>
          createConnectLink(app, scope, {
            externalUserId: "cus-1",
            integrationId: "gmail",
            returnUrl: RETURN_URL,
          }),
        () => issueExternalUserToken(app, scope, { externalUserId: "cus-1" }),
        () => revokeExternalUserToken(app, scope, { externalUserId: "cus-1", tokenId: "any" }),
        () => listReturnUrls(app, scope),
        () => setReturnUrls(app, scope, { urls: [RETURN_URL] }),
      ];
      // One at a time: each refusal is awaited as it happens.
      for (const call of calls) expect((await refusal(call())).code).toBe("NOT_FOUND");
    }
    expect((await getExternalUser(app, scopeA, { externalUserId: "cus-1" })).id).toBe("cus-1");
  });
});

describe("return URLs", () => {
  it("take https, or http on loopback only", async () => {
    expect((await refusal(setReturnUrls(app, scopeA, { urls: ["http://builder.example/x"] }))).code).toBe(
      "BAD_REQUEST",
    );
    expect((await refusal(setReturnUrls(app, scopeA, { urls: ["javascript:alert(1)"] }))).code).toBe(
      "BAD_REQUEST",
    );
    const saved = await setReturnUrls(app, scopeA, { urls: [RETURN_URL, "http://localhost:5173/back"] });
    expect(saved.urls).toEqual([RETURN_URL, "http://localhost:5173/back"]);
    expect(await listReturnUrls(app, scopeA)).toEqual({ urls: ["http://localhost:5173/back", RETURN_URL] });
  });

  it("bound connect links: an unregistered return URL is refused", async () => {
    const refused = await refusal(
      createConnectLink(app, scopeA, {
        externalUserId: "cus-1",
        integrationId: "gmail",
        returnUrl: "https://evil.example/steal",
      }),
    );
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toContain("registered return URLs");
  });
});

describe("a connect link", () => {
  it("shows what asks, starts connecting once, and is refused when used again", async () => {
    const { url, expiresAt } = await createConnectLink(app, scopeA, {
      externalUserId: "cus-2",
      integrationId: "gmail",
      returnUrl: `${RETURN_URL}?session=abc`,
    });
    expect(url.startsWith(`${app.config.baseUrl}/connect/pxc_`)).toBe(true);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    const page = await connect(app, url);
    expect(page?.status).toBe(200);
    const html = (await page?.text()) ?? "";
    expect(html).toContain("<strong>Support bot</strong> (Acme) asks to use your Google account");
    expect(html).toContain("Connect your Gmail account");
    expect(html).toContain("cus-2");
    // Opening it again (a link preview, say) uses nothing.
    expect((await connect(app, url))?.status).toBe(200);
    const started = await connect(app, url, "POST");
    expect(started?.status).toBe(303);
    expect(started?.headers.get("location")?.startsWith(oauth.authorizeUrl)).toBe(true);
    expect((await connect(app, url, "POST"))?.status).toBe(410);
    expect((await connect(app, url))?.status).toBe(410);
  });

  it("is refused once expired", async () => {
    const { url } = await createConnectLink(app, scopeA, {
      externalUserId: "cus-3",
      integrationId: "gmail",
      returnUrl: RETURN_URL,
    });
    await app.db
      .update(externalUserConnectLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(externalUserConnectLink.externalUserId, (await userRowId("cus-3")) ?? ""));
    expect((await connect(app, url))?.status).toBe(410);
    expect((await connect(app, url, "POST"))?.status).toBe(410);
  });
});

async function userRowId(externalId: string) {
  const [row] = await app.db
    .select({ id: externalUser.id })
    .from(externalUser)
    .where(and(eq(externalUser.projectId, world.projectA.id), eq(externalUser.externalId, externalId)));
  return row?.id;
}

describe("the external user's own account, end to end", () => {
  let token: string;
  let googleToken: string;
  let connectionId: string;

  it("is connected through the link's page and the provider's consent, then back to the return URL", async () => {
    const { url } = await createConnectLink(app, scopeA, {
      externalUserId: "cus-1",
      integrationId: "gmail",
      returnUrl: RETURN_URL,
    });
    oauth.consentAs = "customer-one@builder.example";
    const started = await connect(app, url, "POST");
    const callback = await oauth.approve(started?.headers.get("location") ?? "");
    // The browser coming back carries no Portico session: the link was its proof.
    const landed = await handleApiRequest(app, new Request(callback), new URL(callback).pathname);
    expect(landed?.status).toBe(302);
    const finish = landed?.headers.get("location") ?? "";
    expect(new URL(finish).pathname.startsWith("/connect/finish/")).toBe(true);
    const back = await connect(app, finish);
    expect(back?.status).toBe(303);
    const returned = new URL(back?.headers.get("location") ?? "");
    expect(`${returned.origin}${returned.pathname}`).toBe(RETURN_URL);
    expect(returned.searchParams.get("status")).toBe("connected");
    expect(returned.searchParams.get("external_user_id")).toBe("cus-1");
    googleToken = oauth.issued.filter((issued) => issued.includes("access-token")).at(-1) ?? "";

    const view = await getExternalUser(app, scopeA, { externalUserId: "cus-1" });
    expect(view.connections).toMatchObject([{ provider: "google", status: "active" }]);
    connectionId = view.connections[0]?.id ?? "";
    // Neither shared nor a member's: the organization's own connections do not list it.
    const shared = await world.ownerA.caller.integrations.connections.getOrganizationConnections({
      organizationId: world.orgA.id,
    });
    const members = await world.ownerA.caller.integrations.connections.getMemberConnections({
      organizationId: world.orgA.id,
    });
    expect(JSON.stringify([shared, members])).not.toContain(view.connections[0]?.id ?? "-");
  });

  it("is what a tool call with the user's pxu_ token uses, and the call log names the user", async () => {
    const issued = await issueExternalUserToken(app, scopeA, { externalUserId: "cus-1" });
    token = issued.token;
    expect(token).toMatch(/^pxu_[A-Za-z0-9_-]{43}$/);
    expect(issued.masked).toBe(`${token.slice(0, 12)}…${token.slice(-4)}`);
    const client = await connectMcpClient(app, token);
    clients.push(client);
    const from = gmail.requests.length;
    const result = (await client.callTool({
      name: "gmail_search_messages",
      arguments: { q: "in:inbox" },
    })) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
    const bearers = gmail.requests.slice(from).map((request) => request.headers.authorization);
    expect(bearers.length).toBeGreaterThan(0);
    expect(new Set(bearers)).toEqual(new Set([`Bearer ${googleToken}`]));

    await app.gateway.recorder.flush();
    const [row] = await app.db.select().from(toolCall).where(eq(toolCall.serverId, serverId));
    expect(row).toMatchObject({ callerName: "External user cus-1", userId: null, apiKeyId: null });
    await expect
      .poll(async () => (await getExternalUser(app, scopeA, { externalUserId: "cus-1" })).lastCallAt)
      .not.toBeNull();
  });

  it("works on tools that use no one's own account, as an API key does", async () => {
    const client = await connectMcpClient(app, token);
    clients.push(client);
    const result = (await client.callTool({
      name: "calculate",
      arguments: { expression: "6 * 7" },
    })) as CallToolResult;
    expect(result.structuredContent).toEqual({ expression: "6 * 7", result: 42 });
  });

  it("is not another external user's: theirs has no connection, and their call says so", async () => {
    const other = await issueExternalUserToken(app, scopeA, { externalUserId: "cus-3" });
    const client = await connectMcpClient(app, other.token);
    clients.push(client);
    const from = gmail.requests.length;
    const result = (await client.callTool({
      name: "gmail_search_messages",
      arguments: { q: "in:inbox" },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "This user has not connected their Google account, needed by gmail_search_messages: the app that called must send them a connect link.",
    );
    expect(gmail.requests.length).toBe(from);
  });

  it("stops with its token revoked, and a deleted user's grant is ended at Google", async () => {
    const spare = await issueExternalUserToken(app, scopeA, { externalUserId: "cus-1" });
    const revoked = await revokeExternalUserToken(app, scopeA, {
      externalUserId: "cus-1",
      tokenId: spare.id,
    });
    expect(revoked.id).toBe(spare.id);
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    expect((await mcpPost(app, initialize, { authorization: `Bearer ${spare.token}` })).status).toBe(401);
    expect((await mcpPost(app, initialize, { authorization: `Bearer ${token}` })).status).toBe(200);

    const revokedBefore = oauth.revoked.length;
    const deleted = await deleteExternalUser(app, scopeA, { externalUserId: "cus-1" });
    expect(deleted).toEqual({ id: "cus-1", connectionsRevoked: 1, tokensRevoked: 1 });
    expect(oauth.revoked.length).toBeGreaterThan(revokedBefore);
    expect((await mcpPost(app, initialize, { authorization: `Bearer ${token}` })).status).toBe(401);
    const left = await app.db
      .select()
      .from(integrationConnection)
      .where(eq(integrationConnection.id, connectionId));
    expect(left).toEqual([]);
    expect((await refusal(getExternalUser(app, scopeA, { externalUserId: "cus-1" }))).code).toBe("NOT_FOUND");
  });
});
