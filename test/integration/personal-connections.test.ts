// Whose account a tool call uses (issue 36): a Gmail server in personal mode uses each caller's own
// Google connection. Two members connect their own accounts; every door (an OAuth MCP client, a
// personal API key, REST, the playground) carries only the caller's token to Google, as the fake's
// recorded Authorization headers show. A project key is refused with the reason; a member without a
// connection is prompted with the link that connects theirs (2025-11-25 and 2026-07-28) and the retry
// succeeds. A removed member's grant is revoked at the provider and their key and OAuth token stop.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createApp } from "~/server/app.ts";
import { integrationConnection, toolCall } from "~/server/db/schema/index.ts";
import { handleRestRequest } from "~/server/gateway/rest/handle-rest.ts";
import { connectionAlertsSettled } from "~/server/integrations/connections/connection-alerts.ts";
import { connectMcpClient, connectModernMcpClient, mcpPost } from "../support/mcp-client.ts";
import { OAuthTestClient } from "../support/oauth-client.ts";
import { mailsTo } from "../support/outbox.ts";
import { startPersonalWorld } from "./personal-world.ts";
import { textOf } from "./tool-pack.ts";
import { outcome, type Person } from "./world.ts";

const { app, world, oauth, gmail, serverId, connectOwnGoogle } = await startPersonalWorld();
const clients: { close(): Promise<unknown> }[] = [];

/** The Authorization headers Gmail received since `from` (an index into its requests). */
const bearersSince = (from: number) =>
  gmail.requests.slice(from).map((request) => request.headers.authorization ?? "");

async function personalKey(who: Person) {
  const key = await who.caller.apiKeys.create({
    projectId: world.projectA.id,
    name: "Mine",
    kind: "personal",
  });
  return key.secret;
}

async function oauthToken(who: Person) {
  const client = await OAuthTestClient.register(app, { client_name: `Claude of ${who.credentials.email}` });
  return (await client.connect(who.cookie, world.projectA.id)).access_token;
}

async function mcp(token: string): Promise<Client> {
  const client = await connectMcpClient(app, token);
  clients.push(client);
  return client;
}

const search = (client: Client) =>
  client.callTool({ name: "gmail_search_messages", arguments: { q: "in:inbox" } }) as Promise<CallToolResult>;

function rest(token: string) {
  const request = new Request(`${app.config.baseUrl}/api/v1/tools/gmail_search_messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ q: "in:inbox" }),
  });
  return handleRestRequest(app, request, new URL(request.url).pathname);
}

let ownerToken: string;
let memberToken: string;

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe("a server in personal mode", () => {
  it("lists its tools under the same names, though nobody has connected yet", async () => {
    const client = await mcp(await personalKey(world.ownerA));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("gmail_search_messages");
  });

  it("refuses a project key with the reason, and calls nobody's account", async () => {
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Service" });
    const before = gmail.requests.length;
    const result = await search(await mcp(key.secret));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "gmail_search_messages uses each caller's own Google account, and a project API key acts for no person. Call it with a personal API key or through an OAuth sign-in.",
    );
    expect(gmail.requests.length).toBe(before);
  });

  it("on 2025-11-25, prompts a member without a connection with the link that connects their own", async () => {
    const client = await mcp(await personalKey(world.memberA));
    const error = await search(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32042);
    const link = `${app.config.baseUrl}/app/connect/gmail?organization=${world.orgA.id}&personal=1`;
    const [elicitation] = (error as McpError & { data: { elicitations: Array<Record<string, string>> } }).data
      .elicitations;
    expect(elicitation).toMatchObject({ mode: "url", url: link });
    expect(elicitation?.message).toContain("Connect your Google account to use gmail_search_messages.");
    // Clients that neither elicit nor ask read the link in the text (REST here).
    const answer = await rest(await personalKey(world.memberA));
    const body = (await answer.json()) as { content: { text: string }[]; isError: boolean };
    expect(body.isError).toBe(true);
    expect(body.content[0]?.text).toBe(
      `Connect your Google account to use gmail_search_messages. Connect it here, then try again: ${link}`,
    );
  });

  it("on 2026-07-28, asks with a URL input request; the person connects, and the retry succeeds", async () => {
    const shown: string[] = [];
    const modern = await connectModernMcpClient(app, await personalKey(world.memberA), {
      onElicitUrl: async (url) => {
        shown.push(url);
        memberToken = await connectOwnGoogle(world.memberA);
      },
    });
    clients.push(modern);
    const from = gmail.requests.length;
    const result = await modern.callTool({ name: "gmail_search_messages", arguments: { q: "in:inbox" } });
    expect(shown).toEqual([
      `${app.config.baseUrl}/app/connect/gmail?organization=${world.orgA.id}&personal=1`,
    ]);
    expect(result.isError).toBeFalsy();
    expect(bearersSince(from)).not.toHaveLength(0);
    expect(new Set(bearersSince(from))).toEqual(new Set([`Bearer ${memberToken}`]));
  });

  it("carries only the caller's own token, through OAuth clients, personal keys, REST and the playground", async () => {
    ownerToken = await connectOwnGoogle(world.ownerA);
    expect(ownerToken).not.toBe(memberToken);
    const doors: [Person, string, () => Promise<unknown>][] = [];
    for (const [who, token] of [
      [world.ownerA, ownerToken],
      [world.memberA, memberToken],
    ] as const) {
      const viaOAuth = await mcp(await oauthToken(who));
      const viaKey = await mcp(await personalKey(who));
      const key = await personalKey(who);
      doors.push(
        [who, token, () => search(viaOAuth)],
        [who, token, () => search(viaKey)],
        [who, token, () => rest(key)],
        [
          who,
          token,
          () =>
            who.caller.projectServers.runTool({
              projectId: world.projectA.id,
              serverId,
              toolName: "search_messages",
              arguments: { q: "in:inbox" },
            }),
        ],
      );
    }
    for (const [who, token, call] of doors) {
      const from = gmail.requests.length;
      const served = gmail.served.length;
      await call();
      expect(bearersSince(from)).not.toHaveLength(0);
      expect(new Set(bearersSince(from))).toEqual(new Set([`Bearer ${token}`]));
      // …and so reached that person's own mailbox.
      expect(new Set(gmail.served.slice(served).map((request) => request.email))).toEqual(
        new Set([who.credentials.email]),
      );
    }
  });

  it("records which person called and which connection served the call", async () => {
    await app.gateway.recorder.flush();
    const rows = await app.db.select().from(toolCall).where(eq(toolCall.serverId, serverId));
    const connections = await app.db
      .select({ id: integrationConnection.id, owner: integrationConnection.ownerUserId })
      .from(integrationConnection)
      .where(eq(integrationConnection.organizationId, world.orgA.id));
    const ownerConnection = connections.find((row) => row.owner === world.ownerA.id)?.id;
    const memberConnection = connections.find((row) => row.owner === world.memberA.id)?.id;
    const served = rows.filter((row) => row.status === "success");
    expect(served.length).toBeGreaterThanOrEqual(8);
    for (const row of served) {
      expect(row.connectionId).toBe(row.userId === world.ownerA.id ? ownerConnection : memberConnection);
      expect(row.connectionLabel).toBeTruthy();
    }
  });

  it("lists a person's own connections, and only theirs, with the projects that use them", async () => {
    const mine = await world.memberA.caller.integrations.connections.getMyConnections();
    const acme = mine.find((entry) => entry.organizationId === world.orgA.id);
    expect(acme?.connections.map((row) => [row.provider, row.ownerUserId, row.accountLabel])).toEqual([
      ["google", world.memberA.id, world.memberA.credentials.email],
    ]);
    expect(acme?.connections[0]?.usedBy.map((use) => use.projectName)).toEqual(["Support bot"]);
    const members = await world.ownerA.caller.integrations.connections.getMemberConnections({
      organizationId: world.orgA.id,
    });
    expect(members.map((row) => row.owner.id).sort()).toEqual([world.ownerA.id, world.memberA.id].sort());
    expect(JSON.stringify(members)).not.toContain(memberToken);
    // A member may not see the list of others' connections, nor disconnect another person's.
    expect(
      await outcome(
        world.memberA.caller.integrations.connections.getMemberConnections({ organizationId: world.orgA.id }),
      ),
    ).toBe("FORBIDDEN");
    const ownersConnection = members.find((row) => row.owner.id === world.ownerA.id)?.id ?? "";
    expect(
      await outcome(
        world.memberA.caller.integrations.connections.disconnect({
          organizationId: world.orgA.id,
          connectionId: ownersConnection,
        }),
      ),
    ).toBe("NOT_FOUND");
    // Another organization's owner cannot reach it either.
    expect(
      await outcome(
        world.ownerB.caller.integrations.connections.disconnect({
          organizationId: world.orgA.id,
          connectionId: ownersConnection,
        }),
      ),
    ).toBe("NOT_FOUND");
  });
});

describe("a member who leaves", () => {
  it("loses their personal connection (revoked at Google), personal keys and OAuth tokens at once", async () => {
    const key = await personalKey(world.memberA);
    const token = await oauthToken(world.memberA);
    expect((await search(await mcp(key))).isError).toBeFalsy();
    // Another server process on the same database has the key cached from a call of its own.
    const replica = await createApp(app.config, app.database);
    const viaReplica = await connectMcpClient(replica, key);
    clients.push(viaReplica);
    expect((await search(viaReplica)).isError).toBeFalsy();
    const revokedBefore = oauth.revoked.length;
    const members = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
      organizationId: world.orgA.id,
    });
    const membership = members.find((member) => member.userId === world.memberA.id);
    await world.ownerA.caller.organizationMember.remove({
      organizationId: world.orgA.id,
      memberId: membership?.id ?? "",
    });
    expect(oauth.revoked.length).toBeGreaterThan(revokedBefore);
    const left = await app.db
      .select()
      .from(integrationConnection)
      .where(eq(integrationConnection.ownerUserId, world.memberA.id));
    expect(left).toEqual([]);
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    };
    expect((await mcpPost(app, initialize, { authorization: `Bearer ${key}` })).status).toBe(401);
    expect((await mcpPost(app, initialize, { authorization: `Bearer ${token}` })).status).toBe(401);
    // The replica hears of the change over LISTEN/NOTIFY (at once on PostgreSQL, by polling on PGlite).
    await vi.waitFor(
      async () =>
        expect((await mcpPost(replica, initialize, { authorization: `Bearer ${key}` })).status).toBe(401),
      { timeout: 5_000, interval: 50 },
    );
    expect((await mcpPost(replica, initialize, { authorization: `Bearer ${token}` })).status).toBe(401);
    await replica.gateway.stop();
    // The owner's own connection is untouched.
    const from = gmail.requests.length;
    expect((await search(await mcp(await personalKey(world.ownerA)))).isError).toBeFalsy();
    expect(new Set(bearersSince(from))).toEqual(new Set([`Bearer ${ownerToken}`]));
  });
});

describe("a broken personal connection", () => {
  it("e-mails its owner once, not the organization's admins, and stays off the organization's banner", async () => {
    await app.db
      .update(integrationConnection)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(integrationConnection.ownerUserId, world.ownerA.id));
    oauth.refreshError = { error: "invalid_grant", error_description: "Token has been expired or revoked." };
    try {
      const client = await mcp(await personalKey(world.ownerA));
      const results = await Promise.all([
        search(client).catch((error) => error),
        search(client).catch((e) => e),
      ]);
      expect(results).toHaveLength(2);
    } finally {
      oauth.refreshError = null;
    }
    await connectionAlertsSettled(app);
    const subjects = async (who: Person) =>
      (await mailsTo(app.db, who.credentials.email))
        .map((mail) => mail.subject)
        .filter((s) => /Google/.test(s));
    expect(await subjects(world.ownerA)).toEqual(["Your Google account needs attention in Acme on Portico"]);
    expect(await subjects(world.adminA)).toEqual([]);
    const [mail] = await mailsTo(app.db, world.ownerA.credentials.email);
    expect(mail?.text).toContain(`${app.config.baseUrl}/app/account#connected-accounts`);
    expect(mail?.text).toContain(world.ownerA.credentials.email);
    const banner = await world.adminA.caller.integrations.connections.getBrokenConnections({
      organizationId: world.orgA.id,
    });
    expect(banner.connections).toEqual([]);
    const mine = await world.ownerA.caller.integrations.connections.getMyConnections();
    expect(mine.find((entry) => entry.organizationId === world.orgA.id)?.connections[0]?.status).toBe(
      "error",
    );
  });
});
