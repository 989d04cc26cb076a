// Every change the audit log records lands once, in the right organization, with the right actor,
// target and project, and no secret in its details; a change that fails records nothing.

import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { auditEvent, projectAgent } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { basicAuth, startFakeApiProvider } from "../fakes/api-provider.ts";
import { startLlmFake } from "../fakes/llm-providers.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { headersFor } from "../support/app.ts";
import { OAuthTestClient } from "../support/oauth-client.ts";
import { join, outcome, type Person, person, worldForFile } from "./world.ts";

const GOOGLE_APP = { clientId: "acme-google-app", clientSecret: "acme-google-secret-audit-0123456789" };
const OPENAI_KEY = "sk-audit-openai-key-0123456789";

const google = await startFakeOAuthProvider({
  clients: { [GOOGLE_APP.clientId]: GOOGLE_APP.clientSecret },
  expiresIn: 3600,
});
const RAYNET_KEY = "raynet-audit-key-0123456789";
const raynetApi = await startFakeApiProvider(
  (request) => request.headers.authorization === basicAuth("ops@acme.test", RAYNET_KEY),
);
const llm = await startLlmFake();
llm.validKeys.add(OPENAI_KEY);
afterAll(() => Promise.all([google.close(), llm.close(), raynetApi.close()]));
const { app, world } = await worldForFile({
  INTEGRATION_ENDPOINTS: JSON.stringify({
    google: { authorizeUrl: google.authorizeUrl, tokenUrl: google.tokenUrl, revokeUrl: google.revokeUrl },
    raynet: { apiBaseUrl: `${raynetApi.url}/api/v2` },
  }),
  LLM_ENDPOINTS: llm.endpoints,
});
const orgA = world.orgA.id;

/** Every event of organization A, newest first, read the way the page reads them. */
async function eventsOfA() {
  const all = [];
  let cursor: string | null = null;
  do {
    const page = await world.ownerA.caller.auditLog.list({ organizationId: orgA, filters: {}, cursor });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** The newest event of `action`, which must exist. */
async function latest(action: string) {
  const found = (await eventsOfA()).find((event) => event.action === action);
  if (!found) throw new Error(`no ${action} event`);
  return found;
}

const actorOf = (who: Person) => ({
  actorUserId: who.id,
  actorEmail: who.credentials.email,
  actorName: who.credentials.name,
});

describe("the audit log records", () => {
  it("the world's own history: organization created, invitations sent and accepted, a project created", async () => {
    const events = await eventsOfA();
    expect(events.find((e) => e.action === "organization.created")).toMatchObject({
      ...actorOf(world.ownerA),
      targetType: "organization",
      targetId: orgA,
      targetLabel: "Acme",
    });
    const invited = events.filter((e) => e.action === "member.invited").map((e) => e.targetLabel);
    expect(invited).toEqual(
      expect.arrayContaining([world.adminA.credentials.email, world.memberA.credentials.email]),
    );
    expect(
      events.find((e) => e.action === "invitation.accepted" && e.actorUserId === world.adminA.id),
    ).toMatchObject({
      ...actorOf(world.adminA),
      targetType: "invitation",
      details: { role: "admin" },
    });
    expect(events.find((e) => e.action === "project.created")).toMatchObject({
      ...actorOf(world.ownerA),
      projectId: world.projectA.id,
      projectName: "Support bot",
      targetLabel: "Support bot",
    });
    // The plan the world set without a signed-in user (as Stripe's webhook does) is the system's.
    expect(events.find((e) => e.action === "subscription.changed")).toMatchObject({
      actorUserId: null,
      actorEmail: null,
      details: { fromPlan: "free", plan: "business", status: "active" },
    });
    // Organization B's history is its own.
    expect(events.some((e) => e.targetLabel === "Bravo" || e.projectId === world.projectB.id)).toBe(false);
  });

  it("renaming the organization, with the old and new name", async () => {
    await world.adminA.caller.organization.rename({ id: orgA, name: "Acme Inc" });
    expect(await latest("organization.settings_changed")).toMatchObject({
      ...actorOf(world.adminA),
      targetLabel: "Acme Inc",
      details: { setting: "name", from: "Acme", to: "Acme Inc" },
    });
    await world.adminA.caller.organization.rename({ id: orgA, name: "Acme" });
  });

  it("role changes, removals and leaving, naming the member acted on", async () => {
    const temp = await person(app, "temp");
    await join(world.ownerA, temp, orgA, "member");
    const members = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
      organizationId: orgA,
    });
    const memberId = members.find((m) => m.userId === temp.id)?.id ?? "";
    await world.adminA.caller.organizationMember.changeRole({
      organizationId: orgA,
      memberId,
      role: "admin",
    });
    expect(await latest("member.role_changed")).toMatchObject({
      ...actorOf(world.adminA),
      targetType: "user",
      targetId: temp.id,
      targetLabel: `${temp.credentials.name} <${temp.credentials.email}>`,
      details: { from: "member", to: "admin" },
    });
    await temp.caller.organizationMember.leave({ organizationId: orgA });
    expect(await latest("member.left")).toMatchObject({
      ...actorOf(temp),
      targetId: temp.id,
      details: { role: "admin" },
    });

    const other = await person(app, "other");
    await join(world.ownerA, other, orgA, "member");
    const again = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
      organizationId: orgA,
    });
    await world.ownerA.caller.organizationMember.remove({
      organizationId: orgA,
      memberId: again.find((m) => m.userId === other.id)?.id ?? "",
    });
    expect(await latest("member.removed")).toMatchObject({ ...actorOf(world.ownerA), targetId: other.id });
  });

  it("a withdrawn invitation", async () => {
    const invitation = await world.adminA.caller.organizationInvitations.invite({
      organizationId: orgA,
      email: "withdrawn@example.test",
      role: "member",
    });
    await world.adminA.caller.organizationInvitations.withdraw({
      organizationId: orgA,
      invitationId: invitation.id,
    });
    expect(await latest("invitation.withdrawn")).toMatchObject({
      ...actorOf(world.adminA),
      targetId: invitation.id,
      targetLabel: "withdrawn@example.test",
    });
  });

  it("project renames, access grants and revocations, and deletion (which keeps the project's name)", async () => {
    const created = await world.adminA.caller.project.create({ organizationId: orgA, name: "Temporary" });
    await world.adminA.caller.project.update({ projectId: created.id, name: "Temporary 2" });
    expect(await latest("project.updated")).toMatchObject({
      projectId: created.id,
      details: { from: "Temporary", to: "Temporary 2" },
    });
    await world.adminA.caller.projectPermissions.setProjectMemberRole({
      projectId: created.id,
      userId: world.memberA.id,
      role: "editor",
    });
    expect(await latest("project_access.granted")).toMatchObject({
      ...actorOf(world.adminA),
      projectId: created.id,
      targetId: world.memberA.id,
      details: { role: "editor" },
    });
    await world.adminA.caller.projectPermissions.removeProjectMember({
      projectId: created.id,
      userId: world.memberA.id,
    });
    expect(await latest("project_access.revoked")).toMatchObject({
      targetId: world.memberA.id,
      details: { role: "editor" },
    });
    await world.adminA.caller.project.delete({ projectId: created.id });
    expect(await latest("project.deleted")).toMatchObject({
      ...actorOf(world.adminA),
      projectId: created.id,
      projectName: "Temporary 2",
      targetLabel: "Temporary 2",
    });
  });

  it("API keys created and revoked, by their masked form, never the key", async () => {
    const key = await world.adminA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Audit key" });
    expect(await latest("api_key.created")).toMatchObject({
      projectId: world.projectA.id,
      targetId: key.id,
      targetLabel: "Audit key",
      details: { masked: key.masked },
    });
    await world.ownerA.caller.apiKeys.revoke({ projectId: world.projectA.id, keyId: key.id });
    expect(await latest("api_key.revoked")).toMatchObject({ ...actorOf(world.ownerA), targetId: key.id });
    expect(JSON.stringify(await eventsOfA())).not.toContain(key.secret);
  });

  it("integration credentials, an OAuth connection made and ended, without the app secret or tokens", async () => {
    const callback = `${app.config.baseUrl}/api/integrations/oauth/callback`;
    const credential = await world.adminA.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: orgA,
      provider: "google",
      authFlow: "oauth",
      values: { ...GOOGLE_APP, redirectUri: callback },
    });
    expect(await latest("credentials.updated")).toMatchObject({
      ...actorOf(world.adminA),
      targetId: credential.id,
      targetLabel: "Google",
      details: { provider: "google", authFlow: "oauth" },
    });
    const { authorizeUrl } = await world.adminA.caller.integrations.connections.startOAuth({
      organizationId: orgA,
      integrationId: "gmail",
    });
    const location = await google.approve(authorizeUrl);
    const request = new Request(location, {
      headers: { ...Object.fromEntries(headersFor(world.adminA.cookie)), "user-agent": "AuditBrowser/1.0" },
    });
    const response = await handleApiRequest(app, request, new URL(location).pathname);
    expect(response?.status).toBe(302);
    expect(await latest("integration.connected")).toMatchObject({
      ...actorOf(world.adminA),
      targetType: "integration",
      targetLabel: "Google",
      details: { provider: "google", integrationId: "gmail" },
      userAgent: "AuditBrowser/1.0",
    });
    await world.adminA.caller.integrations.connections.disconnect({
      organizationId: orgA,
      provider: "google",
    });
    expect(await latest("integration.disconnected")).toMatchObject({
      ...actorOf(world.adminA),
      targetLabel: "Google",
    });
    await world.adminA.caller.integrations.credentials.deleteOrganizationCredential({
      organizationId: orgA,
      credentialId: credential.id,
    });
    expect(await latest("credentials.deleted")).toMatchObject({ targetId: credential.id });
    const stored = JSON.stringify(await app.db.select().from(auditEvent));
    expect(stored).not.toContain(GOOGLE_APP.clientSecret);
    expect(google.issued.length).toBeGreaterThan(0);
    for (const token of google.issued) expect(stored).not.toContain(token);
  });

  it("an API token that connects, and the project server added on it and removed", async () => {
    await world.adminA.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: orgA,
      provider: "raynet",
      authFlow: "api-token",
      values: { email: "ops@acme.test", apiKey: RAYNET_KEY, namespace: "acme" },
    });
    expect(await latest("integration.connected")).toMatchObject({
      ...actorOf(world.adminA),
      targetLabel: "Raynet",
      details: { provider: "raynet", authFlow: "api-token" },
    });
    const server = await world.adminA.caller.projectServers.addServer({
      projectId: world.projectA.id,
      integrationId: "raynet",
    });
    expect(await latest("server.added")).toMatchObject({
      projectId: world.projectA.id,
      targetId: server.id,
      details: { integrationId: "raynet" },
    });
    await world.adminA.caller.projectServers.removeServer({
      projectId: world.projectA.id,
      serverId: server.id,
    });
    expect(await latest("server.removed")).toMatchObject({ targetId: server.id });
    expect(JSON.stringify(await app.db.select().from(auditEvent))).not.toContain(RAYNET_KEY);
  });

  it("LLM credentials saved and deleted, without the key", async () => {
    const saved = await world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
      organizationId: orgA,
      values: { llmType: "openai", name: "Acme OpenAI", apiKey: OPENAI_KEY },
    });
    expect(await latest("llm_credentials.updated")).toMatchObject({
      targetId: saved.id,
      targetLabel: "Acme OpenAI",
      details: { provider: "openai", created: true },
    });
    await world.ownerA.caller.llmCredentials.deleteOrganizationLlmCredential({
      organizationId: orgA,
      credentialId: saved.id,
    });
    expect(await latest("llm_credentials.deleted")).toMatchObject({ targetId: saved.id });
    expect(JSON.stringify(await app.db.select().from(auditEvent))).not.toContain(OPENAI_KEY);
  });

  it("agents added, configured and deleted, in their project", async () => {
    const agent = await world.adminA.caller.projectAgents.addToProject({
      projectId: world.projectA.id,
      presetId: "neo",
    });
    expect(await latest("agent.created")).toMatchObject({
      projectId: world.projectA.id,
      targetId: agent.id,
      targetLabel: agent.name,
    });
    const [row] = await app.db.select().from(projectAgent).where(eq(projectAgent.id, agent.id));
    if (!row) throw new Error("agent row missing");
    await world.adminA.caller.projectAgents.updateConfig({
      projectId: world.projectA.id,
      agentId: agent.id,
      config: {
        name: "Neo for audits",
        llmCredentialId: null,
        models: row.models,
        maxSteps: 7,
        instructions: "Private instructions that stay out of the log",
        allowedServerIds: null,
        allowStandardTools: true,
      },
    });
    expect(await latest("agent.updated")).toMatchObject({
      targetLabel: "Neo for audits",
      details: { from: agent.name, to: "Neo for audits", maxSteps: 7 },
    });
    expect(JSON.stringify(await eventsOfA())).not.toContain("Private instructions");
    await world.adminA.caller.projectAgents.delete({ projectId: world.projectA.id, agentId: agent.id });
    expect(await latest("agent.deleted")).toMatchObject({ ...actorOf(world.adminA), targetId: agent.id });
  });

  it("subscription changes by a site admin, and none when nothing changed", async () => {
    // ownerA is the first account, hence the site administrator.
    await world.ownerA.caller.admin.setOrganizationPlan({
      organizationId: orgA,
      plan: "start",
      interval: "annual",
    });
    expect(await latest("subscription.changed")).toMatchObject({
      ...actorOf(world.ownerA),
      details: { fromPlan: "business", plan: "start", interval: "annual", status: "active" },
    });
    const count = (await eventsOfA()).filter((e) => e.action === "subscription.changed").length;
    await world.ownerA.caller.admin.setOrganizationPlan({
      organizationId: orgA,
      plan: "start",
      interval: "annual",
    });
    expect((await eventsOfA()).filter((e) => e.action === "subscription.changed")).toHaveLength(count);
    await world.ownerA.caller.admin.setOrganizationPlan({
      organizationId: orgA,
      plan: "business",
      interval: "monthly",
    });
  });

  it("OAuth clients authorized for a project and revoked, without their tokens", async () => {
    const client = await OAuthTestClient.register(app, { client_name: "Audit agent" });
    const tokens = await client.connect(world.adminA.cookie, world.projectA.id);
    expect(await latest("oauth_client.authorized")).toMatchObject({
      ...actorOf(world.adminA),
      projectId: world.projectA.id,
      targetId: client.clientId,
      targetLabel: "Audit agent",
    });
    await world.ownerA.caller.oauthClients.revokeProjectClient({
      projectId: world.projectA.id,
      clientId: client.clientId,
    });
    expect(await latest("oauth_client.revoked")).toMatchObject({
      ...actorOf(world.ownerA),
      targetId: client.clientId,
    });
    const stored = JSON.stringify(await app.db.select().from(auditEvent));
    expect(stored).not.toContain(tokens.access_token);
    if (tokens.refresh_token) expect(stored).not.toContain(tokens.refresh_token);
  });

  it("nothing for a change that fails: the last owner's demotion rolls back with its event", async () => {
    const before = (await eventsOfA()).length;
    const members = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
      organizationId: orgA,
    });
    const owner = members.find((m) => m.userId === world.ownerA.id)?.id ?? "";
    expect(
      await outcome(
        world.ownerA.caller.organizationMember.changeRole({
          organizationId: orgA,
          memberId: owner,
          role: "member",
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(await outcome(world.memberA.caller.organization.rename({ id: orgA, name: "Hijacked" }))).toBe(
      "FORBIDDEN",
    );
    expect(
      await outcome(
        world.ownerA.caller.apiKeys.revoke({ projectId: world.projectA.id, keyId: "no-such-key" }),
      ),
    ).toBe("NOT_FOUND");
    expect((await eventsOfA()).length).toBe(before);
  });
});
