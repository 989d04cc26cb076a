// The data calls of requirements §7, on the wire the pages use: one batched GET to /api/trpc with the
// paths joined by commas and an `input` parameter, each call carrying exactly the input fields the
// requirements name. A renamed procedure, a renamed or added required input field, or a call that
// stops answering fails here. Mutations are POSTs with a JSON body (checked at the end).
import superjson from "superjson";
import { beforeAll, describe, expect, it } from "vitest";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { headersFor } from "../support/app.ts";
import { connectMcpProvider, EXA_KEY, worldWithServerFakes } from "./servers-fixture.ts";

const { app, world } = await worldWithServerFakes();

let serverId = "";
let invitationId = "";

beforeAll(async () => {
  await connectMcpProvider(world.ownerA, world.orgA.id, "exa", EXA_KEY);
  const server = await world.ownerA.caller.projectServers.addServer({
    projectId: world.projectA.id,
    integrationId: "exa",
  });
  serverId = server.id;
  const invitation = await world.ownerA.caller.organizationInvitations.invite({
    organizationId: world.orgA.id,
    email: "newcomer@example.test",
    role: "member",
  });
  invitationId = invitation.id;
});

/** requirements §7's table: the call and exactly its input (undefined: "none"). */
function specCalls(): Array<[string, Record<string, string> | undefined]> {
  const organizationId = world.orgA.id;
  const projectId = world.projectA.id;
  return [
    ["organization.getOrganizationsDetails", undefined],
    ["organization.getById", { id: organizationId }],
    ["organization.getOrganizationDetail", { id: organizationId }],
    ["user.getInfo", undefined],
    ["user.getLastOAuthProject", { clientId: "some-client" }],
    ["projectPermissions.getAccessibleProjectsForUser", undefined],
    ["projectPermissions.getProjectMembers", { projectId }],
    ["projectPermissions.getOrganizationMembersWithProjectAccess", { organizationId, projectId }],
    ["projectPermissions.getOrganizationMembersWithAllProjectPermissions", { organizationId }],
    ["organizationInvitations.getPendingInvitationsForUser", undefined],
    ["organizationInvitations.getInvitationDetails", { invitationId }],
    ["marketplace.getAvailableAgents", undefined],
    ["marketplace.getAgentById", { id: "neo" }],
    ["billing.getPricing", undefined],
    ["billing.listSubscriptions", { organizationId }],
    ["admin.getUsers", undefined],
    ["admin.getAllOrganizations", undefined],
    ["tools.getToolsForServer", { serverId }],
    ["project.getById", { projectId }],
    ["project.getProjectStats", { projectId }],
    ["apiKeys.getUserApiKeysForSnippets", { projectId }],
    ["apiKeys.getUserApiKeysMasked", { projectId }],
    ["projectServers.getProjectServersByProjectId", { projectId }],
    ["projectServers.getServerTools", { projectId, serverId }],
    ["integrations.credentials.getOrganizationCredentials", { organizationId }],
    ["integrations.organizations.getAllOrganizationIntegrationsWithToolCounts", { organizationId }],
    ["organizationMember.getMembersByOrganizationId", { organizationId }],
    ["projectAgents.getProjectAgentsByProjectId", { projectId }],
  ];
}

type BatchItem = {
  result?: { data: unknown };
  error?: { json: { message: string; data: { code: string } } };
};

/** One batched GET, as the browser's httpBatchLink sends it. */
async function batchedGet(calls: Array<[string, Record<string, string> | undefined]>, cookie: string) {
  const input = Object.fromEntries(
    calls.map(([, value], index) => [index, value === undefined ? {} : superjson.serialize(value)]),
  );
  const path = `/api/trpc/${calls.map(([name]) => name).join(",")}?batch=1&input=${encodeURIComponent(
    JSON.stringify(input),
  )}`;
  const request = new Request(`${app.config.baseUrl}${path}`, { headers: headersFor(cookie) });
  const response = await handleApiRequest(app, request, "/api/trpc");
  if (!response) throw new Error("no handler for /api/trpc");
  return { status: response.status, items: (await response.json()) as BatchItem[] };
}

describe("requirements §7 calls", () => {
  it("answers every listed call, batched in one GET, with exactly the listed input", async () => {
    const calls = specCalls();
    expect(calls).toHaveLength(28);
    // ownerA was the first to sign up, so is also the site admin that admin.* needs.
    const { status, items } = await batchedGet(calls, world.ownerA.cookie);
    const failures = calls
      .map(([name], index) => [name, items[index]?.error?.json.message] as const)
      .filter(([, message]) => message !== undefined);
    expect(failures).toEqual([]);
    expect(status).toBe(200);
    expect(items).toHaveLength(calls.length);
  });

  it("project.getById answers the project with its organizationId", async () => {
    const { items } = await batchedGet(
      [["project.getById", { projectId: world.projectA.id }]],
      world.ownerA.cookie,
    );
    const project = superjson.deserialize(items[0]?.result?.data as never) as Record<string, unknown>;
    expect(project).toMatchObject({ id: world.projectA.id, organizationId: world.orgA.id });
  });

  it("the tools of the server named by serverId", async () => {
    const { items } = await batchedGet([["tools.getToolsForServer", { serverId }]], world.ownerA.cookie);
    expect(JSON.stringify(items[0]?.result?.data)).toContain("web_search_exa");
  });

  it("takes mutations as POST with a JSON body, and refuses them as GET", async () => {
    const headers = headersFor(world.ownerA.cookie);
    headers.set("content-type", "application/json");
    const body = JSON.stringify(superjson.serialize({ id: world.orgA.id, name: "Acme" }));
    const post = new Request(`${app.config.baseUrl}/api/trpc/organization.rename`, {
      method: "POST",
      headers,
      body,
    });
    expect((await handleApiRequest(app, post, "/api/trpc/organization.rename"))?.status).toBe(200);
    const get = new Request(
      `${app.config.baseUrl}/api/trpc/organization.rename?input=${encodeURIComponent(body)}`,
      { headers: headersFor(world.ownerA.cookie) },
    );
    expect((await handleApiRequest(app, get, "/api/trpc/organization.rename"))?.status).toBe(405);
  });
});
