// Issue 38's builder journey with the SDK only: the builder's backend (the SDK, its fetch answered by
// the app in this process) adds its user to a project, registers a return URL, makes a connect link;
// the user's browser (no Portico session) goes through the link and the provider's consent; the
// backend gets the user an MCP credential, an agent calls a tool with it and the provider's fake sees
// that user's own token; the call log names the user; then everything is revoked.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditEvent } from "~/server/db/schema/index.ts";
import { handleConnectRequest } from "~/server/external-users/connect-page.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { handleManageRequest } from "~/server/manage/handle-manage.ts";
import {
  createConnectLink,
  createExternalUser,
  createPorticoClient,
  deleteExternalUser,
  getExternalUser,
  issueExternalUserToken,
  listCalls,
  setReturnUrls,
} from "../../packages/sdk/src/index.ts";
import { managementTokenFor } from "../support/manage-client.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { startPersonalWorld } from "./personal-world.ts";
import { textOf } from "./tool-pack.ts";

const { app, world, oauth, gmail } = await startPersonalWorld();
const RETURN_URL = "https://builder.example/portico/connected";

/** The user's browser on Portico's pages: the connect page, then the provider's redirect back. */
async function browse(url: string, method = "GET"): Promise<Response> {
  const { pathname } = new URL(url);
  const answer = pathname.startsWith("/connect/")
    ? await handleConnectRequest(app, new Request(url, { method }), pathname)
    : await handleApiRequest(app, new Request(url, { method }), pathname);
  if (!answer) throw new Error(`nothing answered ${url}`);
  return answer;
}

it("provisions an external user, connects their own account and calls a tool as them", async () => {
  const token = await managementTokenFor(app, world.ownerA.id, world.orgA.id, ["users:write", "calls:read"]);
  const client = createPorticoClient({
    baseUrl: app.config.baseUrl,
    token,
    fetch: (input, init) => handleManageRequest(app, new Request(input, init)),
  });
  const projectId = world.projectA.id;

  await setReturnUrls({ client, path: { projectId }, body: { urls: [RETURN_URL] }, throwOnError: true });
  const user = await createExternalUser({
    client,
    path: { projectId },
    body: { id: "customer-42" },
    throwOnError: true,
  });
  expect(user.data).toMatchObject({ id: "customer-42", connections: [], tokens: [] });

  const link = await createConnectLink({
    client,
    path: { projectId, externalUserId: "customer-42" },
    body: { integrationId: "gmail", returnUrl: RETURN_URL },
    throwOnError: true,
  });
  oauth.consentAs = "customer-42@builder.example";
  const started = await browse(link.data.url, "POST");
  const callback = await oauth.approve(started.headers.get("location") ?? "");
  const finish = (await browse(callback)).headers.get("location") ?? "";
  const back = new URL((await browse(finish)).headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
  expect(back.searchParams.get("status")).toBe("connected");
  // The link is single-use: the same URL again is refused.
  expect((await browse(link.data.url)).status).toBe(410);
  const usersToken = oauth.issued.filter((issued) => issued.includes("access-token")).at(-1);

  const credential = await issueExternalUserToken({
    client,
    path: { projectId, externalUserId: "customer-42" },
    throwOnError: true,
  });
  const agent = await connectMcpClient(app, credential.data.token);
  const from = gmail.requests.length;
  const result = (await agent.callTool({
    name: "gmail_search_messages",
    arguments: { q: "in:inbox" },
  })) as CallToolResult;
  expect(result.isError, textOf(result)).toBeFalsy();
  await agent.close();
  const bearers = new Set(gmail.requests.slice(from).map((request) => request.headers.authorization));
  expect(bearers).toEqual(new Set([`Bearer ${usersToken}`]));

  const calls = await listCalls({ client, path: { projectId }, throwOnError: true });
  expect(calls.data.items[0]).toMatchObject({
    toolName: "gmail_search_messages",
    callerName: "External user customer-42",
  });
  const read = await getExternalUser({
    client,
    path: { projectId, externalUserId: "customer-42" },
    throwOnError: true,
  });
  expect(read.data.connections).toMatchObject([{ provider: "google", status: "active" }]);

  const deleted = await deleteExternalUser({
    client,
    path: { projectId, externalUserId: "customer-42" },
    throwOnError: true,
  });
  expect(deleted.data).toEqual({ id: "customer-42", connectionsRevoked: 1, tokensRevoked: 1 });
  const refused = await connectMcpClient(app, credential.data.token).then(
    () => "connected",
    (error: unknown) => String(error),
  );
  expect(refused).toMatch(/401|Unauthorized|invalid/i);

  // Each change is in the audit log as the token's creator, naming the token.
  const events = await app.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.targetType, "external_user"), eq(auditEvent.targetId, "customer-42")))
    .orderBy(asc(auditEvent.createdAt));
  expect(events.map((event) => event.action)).toEqual([
    "external_user.created",
    "external_user.token_issued",
    "external_user.deleted",
  ]);
  expect(new Set(events.map((event) => event.actorUserId))).toEqual(new Set([world.ownerA.id]));
  expect(events.every((event) => String(event.details.via).startsWith("management token "))).toBe(true);
});
