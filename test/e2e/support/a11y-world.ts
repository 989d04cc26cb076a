// The one signed-in world the accessibility spec walks: the instance's first account (so its site admin
// too) owning an organization on Start with a second member and a pending invitation, a project with an
// API key, Neo and a few calls in its log — so tables have rows and pages show their filled state.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Credentials } from "../../support/app.ts";
import { HttpClient } from "../../support/http-client.ts";
import { newUser } from "../../support/users.ts";

export interface A11yWorld {
  owner: Credentials;
  http: HttpClient;
  organizationId: string;
  projectId: string;
  agentId: string;
}

export async function createA11yWorld(baseUrl: string): Promise<A11yWorld> {
  const owner = newUser("a11y-owner");
  const http = new HttpClient(baseUrl);
  await http.signUp(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Access Co" });
  await http.mutate("admin.setOrganizationPlan", {
    organizationId: organization.id,
    plan: "start",
    interval: "monthly",
  });
  const project = await http.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Help desk",
    description: "Answers customer questions.",
  });
  const member = new HttpClient(baseUrl);
  const memberUser = newUser("a11y-member");
  await member.signUp(memberUser);
  const invitation = await http.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId: organization.id,
    email: memberUser.email,
    role: "member",
  });
  await member.mutate("organizationInvitations.accept", { invitationId: invitation.id });
  await http.mutate("organizationInvitations.invite", {
    organizationId: organization.id,
    email: newUser("a11y-invitee").email,
    role: "admin",
  });
  const key = await http.mutate<{ secret: string }>("apiKeys.create", {
    projectId: project.id,
    name: "Claude Desktop",
  });
  const agent = await http.mutate<{ id: string }>("projectAgents.addToProject", {
    projectId: project.id,
    presetId: "neo",
  });
  // A successful call and a refused one, so the call log and the overview show both states.
  const client = new Client({ name: "a11y-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key.secret}` } },
    }),
  );
  await client.callTool({ name: "calculate", arguments: { expression: "12 * 12" } });
  await client.callTool({ name: "calculate", arguments: { expression: "12 *" } });
  await client.close();
  return { owner, http, organizationId: organization.id, projectId: project.id, agentId: agent.id };
}
