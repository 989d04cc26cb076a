// Organization A's data for the cross-tenant and role tests: one of everything a procedure can name by
// id (invitation, member, credential, OAuth client, API key, server, agent, run, LLM credential, call).
import type { App } from "~/server/app-services.ts";
import { integrationConnection, toolCall } from "~/server/db/schema/index.ts";
import { OAuthTestClient } from "../support/oauth-client.ts";
import { seedAgentOf } from "./tenancy-agents.ts";
import type { World } from "./world.ts";

export const SEEDED_CALL_AT = new Date("2026-11-01T10:00:00.000Z");

export async function seedOrganizationA(app: App, world: World) {
  const a = world.ownerA.caller;
  const invitation = await a.organizationInvitations.invite({
    organizationId: world.orgA.id,
    email: "x@example.test",
    role: "member",
  });
  const members = await a.organizationMember.getMembersByOrganizationId({ organizationId: world.orgA.id });
  const memberIdOf = (userId: string) => members.find((m) => m.userId === userId)?.id ?? "";
  const credential = await a.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "hubspot",
    authFlow: "oauth",
    values: {
      clientId: "acme-hubspot",
      clientSecret: "acme-hubspot-secret",
      redirectUri: "https://acme.test/cb",
    },
  });
  const client = await OAuthTestClient.register(app, { client_name: "Acme agent" });
  await client.connect(world.ownerA.cookie, world.projectA.id);
  const apiKey = await a.apiKeys.create({ projectId: world.projectA.id, name: "Victim" });
  // A connection row stands in for a connected Exa account: adding a server only checks its status.
  await app.db
    .insert(integrationConnection)
    .values({ organizationId: world.orgA.id, provider: "exa", authFlow: "api-token", status: "active" });
  const server = await a.projectServers.addServer({ projectId: world.projectA.id, integrationId: "exa" });
  const agent = await seedAgentOf(app, world);
  const call = crypto.randomUUID();
  await app.db.insert(toolCall).values({
    id: call,
    organizationId: world.orgA.id,
    projectId: world.projectA.id,
    serverName: "Standard tools",
    toolName: "calculate",
    channel: "mcp",
    callerName: "Victim",
    status: "success",
    durationMs: 3,
    createdAt: SEEDED_CALL_AT,
    arguments: JSON.stringify({ expression: "acme secret" }),
  });
  return {
    invitation: invitation.id,
    member: memberIdOf(world.memberA.id),
    adminMember: memberIdOf(world.adminA.id),
    credential: credential.id,
    oauthClient: client.clientId,
    apiKey: apiKey.id,
    server: server.id,
    agent: agent.agentId,
    run: agent.agentRunId,
    llmCredential: agent.llmCredentialId,
    call,
  };
}

export type SeededIds = Awaited<ReturnType<typeof seedOrganizationA>>;
