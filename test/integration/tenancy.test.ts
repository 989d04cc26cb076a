// Every procedure, called by a signed-in user of another organization on organization A's data,
// must refuse (FORBIDDEN or NOT_FOUND) and return nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { integrationConnection, projectServer, toolSwitch } from "~/server/db/schema/index.ts";
import { appRouter } from "~/server/trpc/root.ts";
import { OAuthTestClient } from "../support/oauth-client.ts";
import { seedAgentOf } from "./tenancy-agents.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let invitationId: string;
let memberId: string;
let credentialId: string;
let oauthClientId: string;
let apiKeyId: string;
let serverId: string;
let agentId: string;
let agentRunId: string;
let scheduleId: string;
const scheduleForm = {
  kind: "daily" as const,
  time: "09:00",
  weekday: "",
  cron: "",
  timeZone: "Europe/Prague",
  request: "Weekly status",
};
let llmCredentialId: string;
/** Member A's personal HubSpot connection: another organization must not reach it by its id. */
let personalConnectionId: string;

beforeAll(async () => {
  const invitation = await world.ownerA.caller.organizationInvitations.invite({
    organizationId: world.orgA.id,
    email: "someone@example.test",
    role: "member",
  });
  invitationId = invitation.id;
  const members = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
    organizationId: world.orgA.id,
  });
  memberId = members.find((m) => m.userId === world.memberA.id)?.id ?? "";
  const credential = await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "hubspot",
    authFlow: "oauth",
    values: {
      clientId: "acme-hubspot",
      clientSecret: "acme-hubspot-secret",
      redirectUri: "https://acme.test/cb",
    },
  });
  credentialId = credential.id;
  const oauthClient = await OAuthTestClient.register(app, { client_name: "Acme agent" });
  await oauthClient.connect(world.ownerA.cookie, world.projectA.id);
  oauthClientId = oauthClient.clientId;
  apiKeyId = (await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Victim" })).id;
  // A connection row stands in for a connected Exa account: adding a server only checks its status.
  await app.db
    .insert(integrationConnection)
    .values({ organizationId: world.orgA.id, provider: "exa", authFlow: "api-token", status: "active" });
  serverId = (
    await world.ownerA.caller.projectServers.addServer({ projectId: world.projectA.id, integrationId: "exa" })
  ).id;
  const [personal] = await app.db
    .insert(integrationConnection)
    .values({
      organizationId: world.orgA.id,
      ownerUserId: world.memberA.id,
      provider: "hubspot",
      authFlow: "oauth",
      status: "active",
      accountLabel: "member-a@acme.test",
    })
    .returning();
  personalConnectionId = personal?.id ?? "";
  ({ agentId, agentRunId, llmCredentialId } = await seedAgentOf(app, world));
  ({ id: scheduleId } = await world.ownerA.caller.projectAgents.createSchedule({
    ...scheduleForm,
    projectId: world.projectA.id,
    agentId,
  }));
});

type Call = (caller: typeof world.ownerB.caller) => Promise<unknown>;

// Procedures scoped to something; each is called by ownerB against organization A's ids.
/** A subscription's first event (or its refusal). */
async function firstEvent(events: Promise<AsyncIterable<unknown>>): Promise<unknown> {
  for await (const event of await events) return event;
  return undefined;
}

const scopedCalls: Record<string, Call> = {
  "organization.getById": (c) => c.organization.getById({ id: world.orgA.id }),
  "organization.getOrganizationDetail": (c) => c.organization.getOrganizationDetail({ id: world.orgA.id }),
  "organization.rename": (c) => c.organization.rename({ id: world.orgA.id, name: "Taken" }),
  "organization.delete": (c) => c.organization.delete({ id: world.orgA.id }),
  "organization.getTwoFactorPolicy": (c) =>
    c.organization.getTwoFactorPolicy({ organizationId: world.orgA.id }),
  "organization.setTwoFactorRequired": (c) =>
    c.organization.setTwoFactorRequired({ organizationId: world.orgA.id, required: false }),
  "organizationMember.getMembersByOrganizationId": (c) =>
    c.organizationMember.getMembersByOrganizationId({ organizationId: world.orgA.id }),
  "organizationMember.changeRole": (c) =>
    c.organizationMember.changeRole({ organizationId: world.orgA.id, memberId, role: "admin" }),
  "organizationMember.remove": (c) =>
    c.organizationMember.remove({ organizationId: world.orgA.id, memberId }),
  "organizationMember.leave": (c) => c.organizationMember.leave({ organizationId: world.orgA.id }),
  "organizationInvitations.getInvitationDetails": (c) =>
    c.organizationInvitations.getInvitationDetails({ invitationId }),
  "organizationInvitations.getOrganizationInvitations": (c) =>
    c.organizationInvitations.getOrganizationInvitations({ organizationId: world.orgA.id }),
  "organizationInvitations.invite": (c) =>
    c.organizationInvitations.invite({
      organizationId: world.orgA.id,
      email: "x@example.test",
      role: "admin",
    }),
  "organizationInvitations.accept": (c) => c.organizationInvitations.accept({ invitationId }),
  "organizationInvitations.dismiss": (c) => c.organizationInvitations.dismiss({ invitationId }),
  "organizationInvitations.withdraw": (c) =>
    c.organizationInvitations.withdraw({ organizationId: world.orgA.id, invitationId }),
  "apiKeys.getUserApiKeysMasked": (c) => c.apiKeys.getUserApiKeysMasked({ projectId: world.projectA.id }),
  "apiKeys.getUserApiKeysForSnippets": (c) =>
    c.apiKeys.getUserApiKeysForSnippets({ projectId: world.projectA.id }),
  "apiKeys.create": (c) => c.apiKeys.create({ projectId: world.projectA.id, name: "Intruder" }),
  "apiKeys.revoke": (c) => c.apiKeys.revoke({ projectId: world.projectA.id, keyId: apiKeyId }),
  "externalUsers.create": (c) => c.externalUsers.create({ projectId: world.projectA.id, id: "intruder" }),
  "externalUsers.createConnectLink": (c) =>
    c.externalUsers.createConnectLink({
      projectId: world.projectA.id,
      externalUserId: "cus-1",
      integrationId: "gmail",
      returnUrl: "https://intruder.example/",
    }),
  "externalUsers.list": (c) => c.externalUsers.list({ projectId: world.projectA.id }),
  "externalUsers.delete": (c) =>
    c.externalUsers.delete({ projectId: world.projectA.id, externalUserId: "cus-1" }),
  "externalUsers.getReturnUrls": (c) => c.externalUsers.getReturnUrls({ projectId: world.projectA.id }),
  "externalUsers.setReturnUrls": (c) =>
    c.externalUsers.setReturnUrls({ projectId: world.projectA.id, urls: ["https://intruder.example/"] }),
  "standardTools.getProjectStandardTools": (c) =>
    c.standardTools.getProjectStandardTools({ projectId: world.projectA.id }),
  "standardTools.setEnabled": (c) =>
    c.standardTools.setEnabled({ projectId: world.projectA.id, toolName: "calculate", enabled: false }),
  "governance.getPolicies": (c) => c.governance.getPolicies({ projectId: world.projectA.id }),
  "governance.getReviewers": (c) => c.governance.getReviewers({ projectId: world.projectA.id }),
  "governance.addReviewer": (c) =>
    c.governance.addReviewer({ projectId: world.projectA.id, userId: world.ownerB.id }),
  "governance.removeReviewer": (c) =>
    c.governance.removeReviewer({ projectId: world.projectA.id, userId: world.memberA.id }),
  "governance.setPolicy": (c) =>
    c.governance.setPolicy({
      projectId: world.projectA.id,
      targetKind: "tool",
      target: "calculate",
      action: "deny",
      rules: [],
    }),
  "governance.removePolicy": (c) =>
    c.governance.removePolicy({ projectId: world.projectA.id, targetKind: "tool", target: "calculate" }),
  "governance.setSettings": (c) =>
    c.governance.setSettings({ projectId: world.projectA.id, protectWrites: false, allowSelfApproval: true }),
  "governance.getApprovals": (c) => c.governance.getApprovals({ projectId: world.projectA.id }),
  "governance.getPendingCount": (c) => c.governance.getPendingCount({ projectId: world.projectA.id }),
  "governance.decide": (c) =>
    c.governance.decide({ projectId: world.projectA.id, approvalId: "x", decision: "approve" }),
  "project.getById": (c) => c.project.getById({ projectId: world.projectA.id }),
  "project.getProjectStats": (c) => c.project.getProjectStats({ projectId: world.projectA.id }),
  "callLog.list": (c) => c.callLog.list({ projectId: world.projectA.id, filters: {} }),
  "callLog.get": (c) => c.callLog.get({ projectId: world.projectA.id, callId: "any", createdAt: new Date() }),
  "callLog.filterOptions": (c) => c.callLog.filterOptions({ projectId: world.projectA.id }),
  "auditLog.list": (c) => c.auditLog.list({ organizationId: world.orgA.id, filters: {} }),
  "auditLog.actors": (c) => c.auditLog.actors({ organizationId: world.orgA.id }),
  "webhooks.listEndpoints": (c) => c.webhooks.listEndpoints({ organizationId: world.orgA.id }),
  "webhooks.getEndpoint": (c) => c.webhooks.getEndpoint({ organizationId: world.orgA.id, endpointId: "x" }),
  "webhooks.filterOptions": (c) => c.webhooks.filterOptions({ organizationId: world.orgA.id }),
  "webhooks.createEndpoint": (c) =>
    c.webhooks.createEndpoint({
      organizationId: world.orgA.id,
      url: "https://hooks.example.test/portico",
      eventTypes: ["connection.broken"],
    }),
  "webhooks.updateEndpoint": (c) =>
    c.webhooks.updateEndpoint({ organizationId: world.orgA.id, endpointId: "x", enabled: false }),
  "webhooks.deleteEndpoint": (c) =>
    c.webhooks.deleteEndpoint({ organizationId: world.orgA.id, endpointId: "x" }),
  "webhooks.rotateSecret": (c) => c.webhooks.rotateSecret({ organizationId: world.orgA.id, endpointId: "x" }),
  "webhooks.sendTestEvent": (c) =>
    c.webhooks.sendTestEvent({ organizationId: world.orgA.id, endpointId: "x" }),
  "webhooks.listDeliveries": (c) =>
    c.webhooks.listDeliveries({ organizationId: world.orgA.id, endpointId: "x" }),
  "webhooks.redeliver": (c) => c.webhooks.redeliver({ organizationId: world.orgA.id, deliveryId: "x" }),
  "project.create": (c) => c.project.create({ organizationId: world.orgA.id, name: "Intruder" }),
  "project.update": (c) => c.project.update({ projectId: world.projectA.id, name: "Renamed" }),
  "project.setToolDiscovery": (c) =>
    c.project.setToolDiscovery({ projectId: world.projectA.id, toolDiscovery: "search" }),
  "project.setPinnedTools": (c) =>
    c.project.setPinnedTools({ projectId: world.projectA.id, pinnedTools: ["calculate"] }),
  "project.delete": (c) => c.project.delete({ projectId: world.projectA.id }),
  "standardTools.runTool": (c) =>
    c.standardTools.runTool({
      projectId: world.projectA.id,
      toolName: "calculate",
      arguments: { expression: "1+1" },
    }),
  "projectPermissions.getAccessRequestState": (c) =>
    c.projectPermissions.getAccessRequestState({ projectId: world.projectA.id }),
  "projectPermissions.requestAccess": (c) =>
    c.projectPermissions.requestAccess({ projectId: world.projectA.id }),
  "projectPermissions.getProjectMembers": (c) =>
    c.projectPermissions.getProjectMembers({ projectId: world.projectA.id }),
  "projectPermissions.getOrganizationMembersWithProjectAccess": (c) =>
    c.projectPermissions.getOrganizationMembersWithProjectAccess({
      organizationId: world.orgA.id,
      projectId: world.projectA.id,
    }),
  "projectPermissions.getOrganizationMembersWithAllProjectPermissions": (c) =>
    c.projectPermissions.getOrganizationMembersWithAllProjectPermissions({ organizationId: world.orgA.id }),
  "projectPermissions.setProjectMemberRole": (c) =>
    c.projectPermissions.setProjectMemberRole({
      projectId: world.projectA.id,
      userId: world.ownerB.id,
      role: "admin",
    }),
  "projectPermissions.removeProjectMember": (c) =>
    c.projectPermissions.removeProjectMember({ projectId: world.projectA.id, userId: world.memberA.id }),
  "projectServers.getProjectServersByProjectId": (c) =>
    c.projectServers.getProjectServersByProjectId({ projectId: world.projectA.id }),
  "projectServers.getServerTools": (c) =>
    c.projectServers.getServerTools({ projectId: world.projectA.id, serverId }),
  "projectServers.getAvailableIntegrations": (c) =>
    c.projectServers.getAvailableIntegrations({ projectId: world.projectA.id }),
  "projectServers.addServer": (c) =>
    c.projectServers.addServer({ projectId: world.projectA.id, integrationId: "brevo" }),
  "projectServers.removeServer": (c) =>
    c.projectServers.removeServer({ projectId: world.projectA.id, serverId }),
  "projectServers.updateServer": (c) =>
    c.projectServers.updateServer({ projectId: world.projectA.id, serverId, name: "stolen" }),
  "projectServers.updateServer (own project)": (c) =>
    c.projectServers.updateServer({ projectId: world.projectB.id, serverId, name: "stolen" }),
  "projectServers.setToolEnabled": (c) =>
    c.projectServers.setToolEnabled({
      projectId: world.projectA.id,
      serverId,
      toolName: "web_search_exa",
      enabled: false,
    }),
  "projectServers.runTool": (c) =>
    c.projectServers.runTool({
      projectId: world.projectA.id,
      serverId,
      toolName: "web_search_exa",
      arguments: { query: "x" },
    }),
  // Through the caller's own project: a server id of A must not be reachable from B's project.
  "projectServers.removeServer (own project)": (c) =>
    c.projectServers.removeServer({ projectId: world.projectB.id, serverId }),
  "projectServers.runTool (own project)": (c) =>
    c.projectServers.runTool({
      projectId: world.projectB.id,
      serverId,
      toolName: "web_search_exa",
      arguments: {},
    }),
  "projectServers.getDefinitionReviews": (c) =>
    c.projectServers.getDefinitionReviews({ projectId: world.projectA.id }),
  "projectServers.getToolPackUpdates": (c) =>
    c.projectServers.getToolPackUpdates({ projectId: world.projectA.id }),
  "projectServers.decideDefinitionReview": (c) =>
    c.projectServers.decideDefinitionReview({
      projectId: world.projectA.id,
      serverId,
      toolName: "web_search_exa",
      revision: "0".repeat(64),
      decision: "accept",
    }),
  "projectServers.decideDefinitionReview (own project)": (c) =>
    c.projectServers.decideDefinitionReview({
      projectId: world.projectB.id,
      serverId,
      toolName: "web_search_exa",
      revision: "0".repeat(64),
      decision: "accept",
    }),
  "tools.getToolsForServer": (c) => c.tools.getToolsForServer({ serverId }),
  "admin.getMailOutbox": (c) => c.admin.getMailOutbox(),
  "admin.getStats": (c) => c.admin.getStats(),
  "admin.getUsers": (c) => c.admin.getUsers(),
  "admin.setUserRole": (c) => c.admin.setUserRole({ userId: world.ownerA.id, role: "user" }),
  "admin.banUser": (c) => c.admin.banUser({ userId: world.ownerA.id, reason: "Intruder" }),
  "admin.unbanUser": (c) => c.admin.unbanUser({ userId: world.ownerA.id }),
  "admin.deleteUser": (c) => c.admin.deleteUser({ userId: world.memberA.id }),
  "admin.getUserSessions": (c) => c.admin.getUserSessions({ userId: world.ownerA.id }),
  "admin.getAuthSessions": (c) => c.admin.getAuthSessions(),
  "admin.revokeSession": (c) => c.admin.revokeSession({ sessionId: "any-session" }),
  "admin.revokeUserSessions": (c) => c.admin.revokeUserSessions({ userId: world.ownerA.id }),
  "admin.resetTwoFactor": (c) => c.admin.resetTwoFactor({ userId: world.ownerA.id }),
  "contact.listMessages": (c) => c.contact.listMessages(),
  "integrations.credentials.getOrganizationCredentials": (c) =>
    c.integrations.credentials.getOrganizationCredentials({ organizationId: world.orgA.id }),
  "integrations.credentials.saveOrganizationCredential": (c) =>
    c.integrations.credentials.saveOrganizationCredential({
      organizationId: world.orgA.id,
      provider: "exa",
      authFlow: "api-token",
      values: { mcpApiKey: "intruder-key" },
    }),
  "integrations.credentials.deleteOrganizationCredential": (c) =>
    c.integrations.credentials.deleteOrganizationCredential({ organizationId: world.orgA.id, credentialId }),
  "integrations.credentials.getGlobalCredentials": (c) => c.integrations.credentials.getGlobalCredentials(),
  "integrations.credentials.saveGlobalCredential": (c) =>
    c.integrations.credentials.saveGlobalCredential({
      provider: "exa",
      authFlow: "api-token",
      values: { mcpApiKey: "intruder-key" },
    }),
  "integrations.credentials.deleteGlobalCredential": (c) =>
    c.integrations.credentials.deleteGlobalCredential({ credentialId }),
  "integrations.connections.getOrganizationConnections": (c) =>
    c.integrations.connections.getOrganizationConnections({ organizationId: world.orgA.id }),
  "integrations.connections.getBrokenConnections": (c) =>
    c.integrations.connections.getBrokenConnections({ organizationId: world.orgA.id }),
  "integrations.connections.startOAuth": (c) =>
    c.integrations.connections.startOAuth({ organizationId: world.orgA.id, integrationId: "hubspot" }),
  "integrations.connections.disconnect": (c) =>
    c.integrations.connections.disconnect({ organizationId: world.orgA.id, provider: "hubspot" }),
  "integrations.connections.chooseSite": (c) =>
    c.integrations.connections.chooseSite({
      organizationId: world.orgA.id,
      provider: "atlassian",
      siteId: "x",
    }),
  "integrations.connections.recheck": (c) =>
    c.integrations.connections.recheck({ organizationId: world.orgA.id, provider: "hubspot" }),
  "integrations.connections.getMemberConnections": (c) =>
    c.integrations.connections.getMemberConnections({ organizationId: world.orgA.id }),
  "integrations.connections.rename": (c) =>
    c.integrations.connections.rename({
      organizationId: world.orgA.id,
      connectionId: personalConnectionId,
      label: "Mine now",
    }),
  // A's personal connection named by id, from B's own organization too.
  "integrations.connections.disconnect (personal)": (c) =>
    c.integrations.connections.disconnect({
      organizationId: world.orgA.id,
      connectionId: personalConnectionId,
    }),
  "integrations.connections.disconnect (personal, own organization)": (c) =>
    c.integrations.connections.disconnect({
      organizationId: world.orgB.id,
      connectionId: personalConnectionId,
    }),
  "integrations.connections.rename (own organization)": (c) =>
    c.integrations.connections.rename({
      organizationId: world.orgB.id,
      connectionId: personalConnectionId,
      label: "Mine now",
    }),
  "integrations.connections.startOAuth (personal)": (c) =>
    c.integrations.connections.startOAuth({
      organizationId: world.orgA.id,
      integrationId: "hubspot",
      personal: true,
    }),
  "integrations.organizations.getAllOrganizationIntegrationsWithToolCounts": (c) =>
    c.integrations.organizations.getAllOrganizationIntegrationsWithToolCounts({
      organizationId: world.orgA.id,
    }),
  "oauthClients.getProjectAuthorizedClients": (c) =>
    c.oauthClients.getProjectAuthorizedClients({ projectId: world.projectA.id }),
  "oauthClients.revokeProjectClient": (c) =>
    c.oauthClients.revokeProjectClient({ projectId: world.projectA.id, clientId: oauthClientId }),
  "marketplace.getAvailableAgents": (c) =>
    c.marketplace.getAvailableAgents({ organizationId: world.orgA.id }),
  "marketplace.getAgentById": (c) => c.marketplace.getAgentById({ id: "neo", organizationId: world.orgA.id }),
  "projectAgents.listCredentialModels": (c) =>
    c.projectAgents.listCredentialModels({ projectId: world.projectA.id, credentialId: llmCredentialId }),
  "projectAgents.listRecipientChoices": (c) =>
    c.projectAgents.listRecipientChoices({ projectId: world.projectA.id }),
  "projectAgents.listTriggers": (c) =>
    c.projectAgents.listTriggers({ projectId: world.projectA.id, agentId }),
  "projectAgents.createTrigger": (c) =>
    c.projectAgents.createTrigger({
      projectId: world.projectA.id,
      agentId,
      source: "webhook",
      name: "Intruder",
      request: "Tell me A's secrets",
    }),
  "projectAgents.outlookTriggerAvailability": (c) =>
    c.projectAgents.outlookTriggerAvailability({ projectId: world.projectA.id }),
  "projectAgents.regenerateTriggerSecret": (c) =>
    c.projectAgents.regenerateTriggerSecret({ projectId: world.projectA.id, triggerId: "x" }),
  "projectAgents.deleteTrigger": (c) =>
    c.projectAgents.deleteTrigger({ projectId: world.projectA.id, triggerId: "x" }),
  "managementTokens.list": (c) => c.managementTokens.list({ organizationId: world.orgA.id }),
  "managementTokens.create": (c) =>
    c.managementTokens.create({ organizationId: world.orgA.id, name: "Intruder", scopes: ["write"] }),
  "managementTokens.revoke": (c) =>
    c.managementTokens.revoke({ organizationId: world.orgA.id, tokenId: "x" }),
  "projectAgents.getProjectAgentsByProjectId": (c) =>
    c.projectAgents.getProjectAgentsByProjectId({ projectId: world.projectA.id }),
  "projectAgents.getProjectAgent": (c) =>
    c.projectAgents.getProjectAgent({ projectId: world.projectA.id, agentId }),
  "projectAgents.addToProject": (c) =>
    c.projectAgents.addToProject({ projectId: world.projectA.id, presetId: "neo" }),
  "projectAgents.updateConfig": (c) =>
    c.projectAgents.updateConfig({ projectId: world.projectA.id, agentId, config: {} }),
  "projectAgents.delete": (c) => c.projectAgents.delete({ projectId: world.projectA.id, agentId }),
  "projectAgents.startRun": (c) =>
    c.projectAgents.startRun({ projectId: world.projectA.id, agentId, request: "x" }),
  "projectAgents.answerQuestion": (c) =>
    c.projectAgents.answerQuestion({ projectId: world.projectA.id, runId: agentRunId, answer: "Acme" }),
  "projectAgents.answerQuestion (own project)": (c) =>
    c.projectAgents.answerQuestion({ projectId: world.projectB.id, runId: agentRunId, answer: "Acme" }),
  "projectAgents.listRuns": (c) => c.projectAgents.listRuns({ projectId: world.projectA.id, agentId }),
  "projectAgents.getRun": (c) => c.projectAgents.getRun({ projectId: world.projectA.id, runId: agentRunId }),
  "projectAgents.listSchedules": (c) =>
    c.projectAgents.listSchedules({ projectId: world.projectA.id, agentId }),
  "projectAgents.createSchedule": (c) =>
    c.projectAgents.createSchedule({ ...scheduleForm, projectId: world.projectA.id, agentId }),
  "projectAgents.setScheduleEnabled": (c) =>
    c.projectAgents.setScheduleEnabled({ projectId: world.projectA.id, scheduleId, enabled: false }),
  "projectAgents.deleteSchedule": (c) =>
    c.projectAgents.deleteSchedule({ projectId: world.projectA.id, scheduleId }),
  "projectAgents.createSchedule (own project)": (c) =>
    c.projectAgents.createSchedule({ ...scheduleForm, projectId: world.projectB.id, agentId }),
  "projectAgents.setScheduleEnabled (own project)": (c) =>
    c.projectAgents.setScheduleEnabled({ projectId: world.projectB.id, scheduleId, enabled: false }),
  "projectAgents.deleteSchedule (own project)": (c) =>
    c.projectAgents.deleteSchedule({ projectId: world.projectB.id, scheduleId }),
  // Through the caller's own project: A's agent and run must not be reachable from B's project.
  "projectAgents.getProjectAgent (own project)": (c) =>
    c.projectAgents.getProjectAgent({ projectId: world.projectB.id, agentId }),
  "projectAgents.delete (own project)": (c) =>
    c.projectAgents.delete({ projectId: world.projectB.id, agentId }),
  "projectAgents.getRun (own project)": (c) =>
    c.projectAgents.getRun({ projectId: world.projectB.id, runId: agentRunId }),
  // A subscription checks access when it is read: its first event is the probe.
  "projectAgents.watchRun": (c) =>
    firstEvent(c.projectAgents.watchRun({ projectId: world.projectA.id, runId: agentRunId })),
  "projectAgents.watchRun (own project)": (c) =>
    firstEvent(c.projectAgents.watchRun({ projectId: world.projectB.id, runId: agentRunId })),
  "llmCredentials.getOrganizationLlmCredentials": (c) =>
    c.llmCredentials.getOrganizationLlmCredentials({ organizationId: world.orgA.id }),
  "llmCredentials.saveOrganizationLlmCredential": (c) =>
    c.llmCredentials.saveOrganizationLlmCredential({
      organizationId: world.orgA.id,
      credentialId: llmCredentialId,
      values: { llmType: "openai", name: "Taken", apiKey: "sk-intruder" },
    }),
  "llmCredentials.saveOrganizationLlmCredential (own organization)": (c) =>
    c.llmCredentials.saveOrganizationLlmCredential({
      organizationId: world.orgB.id,
      credentialId: llmCredentialId,
      values: { llmType: "openai", name: "Taken", apiKey: "sk-intruder" },
    }),
  "llmCredentials.deleteOrganizationLlmCredential": (c) =>
    c.llmCredentials.deleteOrganizationLlmCredential({
      organizationId: world.orgA.id,
      credentialId: llmCredentialId,
    }),
  "llmCredentials.deleteOrganizationLlmCredential (own organization)": (c) =>
    c.llmCredentials.deleteOrganizationLlmCredential({
      organizationId: world.orgB.id,
      credentialId: llmCredentialId,
    }),
  "llmCredentials.getLlmTokenUsage": (c) =>
    c.llmCredentials.getLlmTokenUsage({ organizationId: world.orgA.id }),
  "llmCredentials.getGlobalLlmCredentials": (c) => c.llmCredentials.getGlobalLlmCredentials(),
  "llmCredentials.saveGlobalLlmCredential": (c) =>
    c.llmCredentials.saveGlobalLlmCredential({ values: { llmType: "openai", name: "x", apiKey: "sk-x" } }),
  "llmCredentials.deleteGlobalLlmCredential": (c) =>
    c.llmCredentials.deleteGlobalLlmCredential({ credentialId: llmCredentialId }),

  "billing.listSubscriptions": (c) => c.billing.listSubscriptions({ organizationId: world.orgA.id }),
  "billing.getOverview": (c) => c.billing.getOverview({ organizationId: world.orgA.id }),
  "billing.getUsageAlert": (c) => c.billing.getUsageAlert({ organizationId: world.orgA.id }),
  "billing.changePlan": (c) =>
    c.billing.changePlan({ organizationId: world.orgA.id, plan: "business", interval: "annual" }),
  "billing.cancel": (c) => c.billing.cancel({ organizationId: world.orgA.id }),
  "billing.createPortalSession": (c) => c.billing.createPortalSession({ organizationId: world.orgA.id }),
  "admin.getAllOrganizations": (c) => c.admin.getAllOrganizations(),
  "admin.setOrganizationPlan": (c) =>
    c.admin.setOrganizationPlan({ organizationId: world.orgA.id, plan: "free", interval: "monthly" }),
};

// Procedures that take no id: they answer for the caller only, so they must not mention A's data.
const selfScoped = [
  // The public catalogue: the same answer for everyone, signed in or not.
  "integrations.catalogue.list",
  "integrations.catalogue.getById",
  "organization.getOrganizationsDetails",
  "organization.create",
  "organizationInvitations.getPendingInvitationsForUser",
  "projectPermissions.getAccessibleProjectsForUser",
  "user.getInfo",
  // The caller's own personal connections (no id in the input).
  "integrations.connections.getMyConnections",
  // The caller's own account: no id in the input, so nobody else's account can be named.
  "account.get",
  "account.updateName",
  "account.changeEmail",
  "account.changePassword",
  "account.revokeOtherSessions",
  "account.delete",
  // Keyed by an OAuth client (not a tenant): they answer for the caller and carry no project of A.
  "user.getLastOAuthProject",
  "oauthClients.getConsentClient",
];

// Procedures open to everyone, signed in or not; they hold no tenant data.
const publicProcedures = [
  "billing.getPricing",
  "contact.submit",
  // How to register an OAuth app with a provider: public facts, the same for everyone.
  "oauthAppGuide.get",
  // Keyed by the invitation link's id, the secret mailed to the invitee; see invitations.test.ts.
  "organizationInvitations.getInvitationPreview",
];

describe("tenancy", () => {
  it("covers every procedure of the router", () => {
    const all = Object.keys(appRouter._def.procedures).sort();
    const covered = Object.keys(scopedCalls).filter((name) => !name.includes(" "));
    expect([...covered, ...selfScoped, ...publicProcedures].sort()).toEqual(all);
  });

  it.each(Object.entries(scopedCalls))("%s refuses a user of another organization", async (_name, call) => {
    // ownerB is not the first user, so not a site admin: admin.* must refuse too.
    const result = call(world.ownerB.caller);
    await expect(result).rejects.toMatchObject({ code: expect.stringMatching(/^(FORBIDDEN|NOT_FOUND)$/) });
  });

  it("self-scoped lists show nothing of organization A to its outsiders", async () => {
    const c = world.ownerB.caller;
    const serialized = JSON.stringify([
      await c.organization.getOrganizationsDetails(),
      await c.organizationInvitations.getPendingInvitationsForUser(),
      await c.projectPermissions.getAccessibleProjectsForUser(),
      await c.integrations.connections.getMyConnections(),
    ]);
    expect(serialized).not.toContain(world.orgA.id);
    expect(serialized).not.toContain(world.projectA.id);
    expect(serialized).toContain(world.orgB.id);
  });

  it("public procedures answer anonymously and mention no tenant", async () => {
    const { callerFor } = await import("../support/app.ts");
    const anonymous = callerFor(app);
    const pricing = await anonymous.billing.getPricing();
    const sent = await anonymous.contact.submit({
      name: "Visitor",
      email: "visitor@example.test",
      topic: "sales",
      message: "How does the Business plan handle seats?",
    });
    const serialized = JSON.stringify([pricing, sent]);
    expect(serialized).not.toContain(world.orgA.id);
    expect(serialized).not.toContain(world.projectA.id);
  });

  it("shows an OAuth client connected in organization A to outsiders without A's project", async () => {
    const c = world.ownerB.caller;
    expect(await c.user.getLastOAuthProject({ clientId: oauthClientId })).toBeNull();
    const client = await c.oauthClients.getConsentClient({ clientId: oauthClientId });
    expect(client.name).toBe("Acme agent");
    expect(JSON.stringify(client)).not.toContain(world.projectA.id);
  });

  it("left organization A untouched by the refused calls", async () => {
    const detail = await world.ownerA.caller.organization.getOrganizationDetail({ id: world.orgA.id });
    expect(detail.name).toBe("Acme");
    expect(detail.memberCount).toBe(3);
    const project = await world.ownerA.caller.project.getById({ projectId: world.projectA.id });
    expect(project.name).toBe("Support bot");
    const schedules = await world.ownerA.caller.projectAgents.listSchedules({
      projectId: world.projectA.id,
      agentId,
    });
    expect(schedules.map((schedule) => [schedule.id, schedule.enabled])).toEqual([[scheduleId, true]]);
    const pending = await world.ownerA.caller.organizationInvitations.getOrganizationInvitations({
      organizationId: world.orgA.id,
    });
    expect(pending.map((i) => i.id)).toContain(invitationId);
    const { credentials } = await world.ownerA.caller.integrations.credentials.getOrganizationCredentials({
      organizationId: world.orgA.id,
    });
    expect(credentials.map((c) => c.id)).toEqual([credentialId]);
    expect(await world.ownerA.caller.integrations.credentials.getGlobalCredentials()).toEqual([]);
    const clients = await world.ownerA.caller.oauthClients.getProjectAuthorizedClients({
      projectId: world.projectA.id,
    });
    expect(clients.map((client) => client.clientId)).toEqual([oauthClientId]);
    const servers = await app.db.select().from(projectServer);
    expect(servers.map((server) => [server.id, server.name])).toEqual([[serverId, "exa"]]);
    const mine = await world.memberA.caller.integrations.connections.getMyConnections();
    expect(mine.flatMap((entry) => entry.connections.map((row) => [row.id, row.status, row.label]))).toEqual([
      [personalConnectionId, "active", null],
    ]);
    expect(await app.db.select().from(toolSwitch)).toEqual([]);
    const { agents } = await world.ownerA.caller.projectAgents.getProjectAgentsByProjectId({
      projectId: world.projectA.id,
    });
    expect(agents.map((agent) => agent.id)).toEqual([agentId]);
    const llm = await world.ownerA.caller.llmCredentials.getOrganizationLlmCredentials({
      organizationId: world.orgA.id,
    });
    expect(llm.credentials.map((c) => [c.id, c.name])).toEqual([[llmCredentialId, "Acme OpenAI"]]);
  });

  it("answers UNAUTHORIZED to every procedure without a session", async () => {
    const { callerFor } = await import("../support/app.ts");
    const anonymous = callerFor(app);
    await expect(anonymous.organization.getOrganizationsDetails()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    for (const call of Object.values(scopedCalls)) {
      await expect(call(anonymous)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
  });
});
