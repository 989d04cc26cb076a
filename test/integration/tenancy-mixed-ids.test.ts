// Insecure direct object references: organization B's owner names B's own organization or project
// (which passes the procedure's role check) together with the id of something of organization A.
// Every such call must refuse and leave A's data as it was. tenancy.test.ts covers A's ids alone.
import { beforeAll, describe, expect, it } from "vitest";
import { SEEDED_CALL_AT, type SeededIds, seedOrganizationA } from "./tenancy-seed.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let ids: SeededIds;
const callAt = SEEDED_CALL_AT;

beforeAll(async () => {
  ids = await seedOrganizationA(app, world);
});

type Call = (caller: typeof world.ownerB.caller) => Promise<unknown>;
const B = () => world.orgB.id;
const P = () => world.projectB.id;

const mixedCalls: Record<string, Call> = {
  "organizationMember.changeRole": (c) =>
    c.organizationMember.changeRole({ organizationId: B(), memberId: ids.member, role: "owner" }),
  "organizationMember.remove": (c) =>
    c.organizationMember.remove({ organizationId: B(), memberId: ids.member }),
  "organizationInvitations.withdraw": (c) =>
    c.organizationInvitations.withdraw({ organizationId: B(), invitationId: ids.invitation }),
  "integrations.credentials.deleteOrganizationCredential": (c) =>
    c.integrations.credentials.deleteOrganizationCredential({
      organizationId: B(),
      credentialId: ids.credential,
    }),
  "llmCredentials.saveOrganizationLlmCredential": (c) =>
    c.llmCredentials.saveOrganizationLlmCredential({
      organizationId: B(),
      credentialId: ids.llmCredential,
      values: { llmType: "openai", name: "Taken", apiKey: "sk-intruder" },
    }),
  "llmCredentials.deleteOrganizationLlmCredential": (c) =>
    c.llmCredentials.deleteOrganizationLlmCredential({
      organizationId: B(),
      credentialId: ids.llmCredential,
    }),
  "projectPermissions.getOrganizationMembersWithProjectAccess": (c) =>
    c.projectPermissions.getOrganizationMembersWithProjectAccess({
      organizationId: world.orgA.id,
      projectId: P(),
    }),
  "projectPermissions.setProjectMemberRole": (c) =>
    c.projectPermissions.setProjectMemberRole({ projectId: P(), userId: world.memberA.id, role: "admin" }),
  "projectPermissions.removeProjectMember": (c) =>
    c.projectPermissions.removeProjectMember({ projectId: P(), userId: world.memberA.id }),
  "apiKeys.revoke": (c) => c.apiKeys.revoke({ projectId: P(), keyId: ids.apiKey }),
  "callLog.get": (c) => c.callLog.get({ projectId: P(), callId: ids.call, createdAt: callAt }),
  "oauthClients.revokeProjectClient": (c) =>
    c.oauthClients.revokeProjectClient({
      projectId: P(),
      clientId: ids.oauthClient,
      userId: world.ownerA.id,
    }),
  "projectServers.getServerTools": (c) =>
    c.projectServers.getServerTools({ projectId: P(), serverId: ids.server }),
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
  "projectAgents.getProjectAgent": (c) =>
    c.projectAgents.getProjectAgent({ projectId: P(), agentId: ids.agent }),
  "projectAgents.updateConfig": (c) =>
    c.projectAgents.updateConfig({ projectId: P(), agentId: ids.agent, config: {} }),
  "projectAgents.delete": (c) => c.projectAgents.delete({ projectId: P(), agentId: ids.agent }),
  "projectAgents.startRun": (c) =>
    c.projectAgents.startRun({ projectId: P(), agentId: ids.agent, request: "x" }),
  "projectAgents.listRuns": (c) => c.projectAgents.listRuns({ projectId: P(), agentId: ids.agent }),
  "projectAgents.getRun": (c) => c.projectAgents.getRun({ projectId: P(), runId: ids.run }),
  "projectAgents.answerQuestion": (c) =>
    c.projectAgents.answerQuestion({ projectId: P(), runId: ids.run, answer: "x" }),
  "tools.getToolsForServer": (c) => c.tools.getToolsForServer({ serverId: ids.server }),
  "organizationInvitations.getInvitationDetails": (c) =>
    c.organizationInvitations.getInvitationDetails({ invitationId: ids.invitation }),
  "organizationInvitations.accept": (c) => c.organizationInvitations.accept({ invitationId: ids.invitation }),
  "organizationInvitations.dismiss": (c) =>
    c.organizationInvitations.dismiss({ invitationId: ids.invitation }),
};

describe("mixed ids", () => {
  it.each(Object.entries(mixedCalls))("%s refuses B's scope with A's id", async (_name, call) => {
    await expect(call(world.ownerB.caller)).rejects.toMatchObject({
      code: expect.stringMatching(/^(FORBIDDEN|NOT_FOUND|BAD_REQUEST)$/),
    });
  });
});
