// Every procedure that changes something, called by someone whose role is one step too low: an
// organization member for owner/admin actions, a project viewer for editor actions, a project editor
// for project-admin actions, an organization admin for owner-only actions. Each must be FORBIDDEN and
// change nothing. The rules are lib/permissions.ts; roles.test.ts and projects.test.ts show the allowed side.
import { beforeAll, describe, expect, it } from "vitest";
import { SEEDED_CALL_AT, type SeededIds, seedOrganizationA } from "./tenancy-seed.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let ids: SeededIds;

type Caller = typeof world.memberA.caller;
type Call = (c: Caller) => Promise<unknown>;

const grant = (role: "viewer" | "editor") =>
  world.ownerA.caller.projectPermissions.setProjectMemberRole({
    projectId: world.projectA.id,
    userId: world.memberA.id,
    role,
  });

beforeAll(async () => {
  ids = await seedOrganizationA(app, world);
});

const O = () => world.orgA.id;
const P = () => world.projectA.id;

// Owner and admin actions, for a plain organization member (who is a viewer of the project).
const adminActions: Record<string, Call> = {
  "organization.rename": (c) => c.organization.rename({ id: O(), name: "Mine" }),
  "organization.delete": (c) => c.organization.delete({ id: O() }),
  "organizationMember.changeRole": (c) =>
    c.organizationMember.changeRole({ organizationId: O(), memberId: ids.adminMember, role: "member" }),
  "organizationMember.remove": (c) =>
    c.organizationMember.remove({ organizationId: O(), memberId: ids.adminMember }),
  "organizationInvitations.invite": (c) =>
    c.organizationInvitations.invite({ organizationId: O(), email: "y@example.test", role: "admin" }),
  "organizationInvitations.getOrganizationInvitations": (c) =>
    c.organizationInvitations.getOrganizationInvitations({ organizationId: O() }),
  "organizationInvitations.withdraw": (c) =>
    c.organizationInvitations.withdraw({ organizationId: O(), invitationId: ids.invitation }),
  "project.create": (c) => c.project.create({ organizationId: O(), name: "Mine" }),
  "projectPermissions.getOrganizationMembersWithAllProjectPermissions": (c) =>
    c.projectPermissions.getOrganizationMembersWithAllProjectPermissions({ organizationId: O() }),
  "integrations.credentials.saveOrganizationCredential": (c) =>
    c.integrations.credentials.saveOrganizationCredential({
      organizationId: O(),
      provider: "exa",
      authFlow: "api-token",
      values: { mcpApiKey: "member-key" },
    }),
  "integrations.credentials.deleteOrganizationCredential": (c) =>
    c.integrations.credentials.deleteOrganizationCredential({
      organizationId: O(),
      credentialId: ids.credential,
    }),
  "integrations.connections.startOAuth": (c) =>
    c.integrations.connections.startOAuth({ organizationId: O(), integrationId: "hubspot" }),
  "integrations.connections.disconnect": (c) =>
    c.integrations.connections.disconnect({ organizationId: O(), provider: "exa" }),
  "integrations.connections.chooseSite": (c) =>
    c.integrations.connections.chooseSite({ organizationId: O(), provider: "atlassian", siteId: "x" }),
  "integrations.connections.recheck": (c) =>
    c.integrations.connections.recheck({ organizationId: O(), provider: "exa" }),
  "llmCredentials.saveOrganizationLlmCredential": (c) =>
    c.llmCredentials.saveOrganizationLlmCredential({
      organizationId: O(),
      credentialId: ids.llmCredential,
      values: { llmType: "openai", name: "Mine", apiKey: "sk-member" },
    }),
  "llmCredentials.deleteOrganizationLlmCredential": (c) =>
    c.llmCredentials.deleteOrganizationLlmCredential({
      organizationId: O(),
      credentialId: ids.llmCredential,
    }),
  "billing.changePlan": (c) =>
    c.billing.changePlan({ organizationId: O(), plan: "start", interval: "monthly" }),
  "billing.cancel": (c) => c.billing.cancel({ organizationId: O() }),
  "billing.createPortalSession": (c) => c.billing.createPortalSession({ organizationId: O() }),
};

// Project admin actions, refused to editors (and so to viewers).
const projectAdminActions: Record<string, Call> = {
  "project.update": (c) => c.project.update({ projectId: P(), name: "Renamed" }),
  "project.delete": (c) => c.project.delete({ projectId: P() }),
  "projectPermissions.setProjectMemberRole": (c) =>
    c.projectPermissions.setProjectMemberRole({ projectId: P(), userId: world.memberA.id, role: "admin" }),
  "projectPermissions.removeProjectMember": (c) =>
    c.projectPermissions.removeProjectMember({ projectId: P(), userId: world.memberA.id }),
  "oauthClients.getProjectAuthorizedClients": (c) =>
    c.oauthClients.getProjectAuthorizedClients({ projectId: P() }),
  "oauthClients.revokeProjectClient": (c) =>
    c.oauthClients.revokeProjectClient({
      projectId: P(),
      clientId: ids.oauthClient,
      userId: world.ownerA.id,
    }),
};

// Editor actions, refused to viewers.
const editorActions: Record<string, Call> = {
  ...projectAdminActions,
  "apiKeys.create": (c) => c.apiKeys.create({ projectId: P(), name: "Viewer key" }),
  "apiKeys.revoke": (c) => c.apiKeys.revoke({ projectId: P(), keyId: ids.apiKey }),
  "standardTools.setEnabled": (c) =>
    c.standardTools.setEnabled({ projectId: P(), toolName: "calculate", enabled: false }),
  "project.setToolDiscovery": (c) => c.project.setToolDiscovery({ projectId: P(), toolDiscovery: "search" }),
  "projectServers.addServer": (c) => c.projectServers.addServer({ projectId: P(), integrationId: "brevo" }),
  "projectServers.removeServer": (c) =>
    c.projectServers.removeServer({ projectId: P(), serverId: ids.server }),
  "projectServers.setToolEnabled": (c) =>
    c.projectServers.setToolEnabled({
      projectId: P(),
      serverId: ids.server,
      toolName: "web_search_exa",
      enabled: false,
    }),
  "projectServers.runTool": (c) =>
    c.projectServers.runTool({
      projectId: P(),
      serverId: ids.server,
      toolName: "web_search_exa",
      arguments: {},
    }),
  "projectAgents.addToProject": (c) => c.projectAgents.addToProject({ projectId: P(), presetId: "neo" }),
  "projectAgents.updateConfig": (c) =>
    c.projectAgents.updateConfig({ projectId: P(), agentId: ids.agent, config: {} }),
  "projectAgents.delete": (c) => c.projectAgents.delete({ projectId: P(), agentId: ids.agent }),
  "projectAgents.startRun": (c) =>
    c.projectAgents.startRun({ projectId: P(), agentId: ids.agent, request: "x" }),
  "projectAgents.answerQuestion": (c) =>
    c.projectAgents.answerQuestion({ projectId: P(), runId: ids.run, answer: "x" }),
};

const refusedAs = async (caller: Caller, call: Call) =>
  expect(call(caller)).rejects.toMatchObject({ code: "FORBIDDEN" });

describe("one role too low", () => {
  describe("an organization member who views the project", () => {
    beforeAll(() => grant("viewer"));
    it.each(Object.entries(adminActions))("%s is refused", (_n, call) =>
      refusedAs(world.memberA.caller, call),
    );
    it.each(Object.entries(editorActions))("%s is refused", (_n, call) =>
      refusedAs(world.memberA.caller, call),
    );
    it("can still read what viewers read", async () => {
      const c = world.memberA.caller;
      await c.project.getById({ projectId: P() });
      await c.callLog.get({ projectId: P(), callId: ids.call, createdAt: SEEDED_CALL_AT });
      await c.apiKeys.getUserApiKeysMasked({ projectId: P() });
    });
  });

  describe("a project editor", () => {
    beforeAll(() => grant("editor"));
    it.each(Object.entries(projectAdminActions))("%s is refused", (_n, call) =>
      refusedAs(world.memberA.caller, call),
    );
  });

  describe("an organization admin", () => {
    it("cannot delete the organization or touch an owner", async () => {
      const c = world.adminA.caller;
      await refusedAs(c, (x) => x.organization.delete({ id: O() }));
      const owner = (await c.organizationMember.getMembersByOrganizationId({ organizationId: O() })).find(
        (m) => m.userId === world.ownerA.id,
      );
      await refusedAs(c, (x) =>
        x.organizationMember.changeRole({ organizationId: O(), memberId: owner?.id ?? "", role: "member" }),
      );
      await refusedAs(c, (x) =>
        x.organizationMember.changeRole({ organizationId: O(), memberId: ids.member, role: "owner" }),
      );
    });
  });

  it("left organization A as it was", async () => {
    const a = world.ownerA.caller;
    expect((await a.organization.getById({ id: O() })).name).toBe("Acme");
    expect((await a.project.getById({ projectId: P() })).name).toBe("Support bot");
    const keys = await a.apiKeys.getUserApiKeysMasked({ projectId: P() });
    expect(keys.map((k) => [k.id, k.status])).toEqual([[ids.apiKey, "active"]]);
    const { credentials } = await a.integrations.credentials.getOrganizationCredentials({
      organizationId: O(),
    });
    expect(credentials.map((c) => c.id)).toEqual([ids.credential]);
    const members = await a.organizationMember.getMembersByOrganizationId({ organizationId: O() });
    expect(members.map((m) => m.role).sort()).toEqual(["admin", "member", "owner"]);
  });
});
