// The TypeScript SDK (packages/sdk) against the running production server, as a builder's backend
// uses it: nothing but the SDK and a management token (made once by an owner in the app).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { provisionExternalUser } from "../../packages/sdk/examples/provision-external-user.ts";
import {
  createApiKey,
  createPorticoClient,
  createProject,
  deleteProject,
  getOrganization,
  listCalls,
  listProjects,
  revokeApiKey,
} from "../../packages/sdk/src/index.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

let server: RunningServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  const owner = new HttpClient(server.baseUrl);
  await owner.signUp(newUser("sdk-owner"));
  const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Builder Co" });
  ({ secret: token } = await owner.mutate<{ secret: string }>("managementTokens.create", {
    organizationId: organization.id,
    name: "Backend",
    scopes: ["write"],
  }));
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

it("provisions a project and a key, calls a tool with the key, reads the call log and revokes", async () => {
  const client = createPorticoClient({ baseUrl: server.baseUrl, token });
  const organization = await getOrganization({ client, throwOnError: true });
  expect(organization.data.name).toBe("Builder Co");

  const project = await createProject({ client, body: { name: "Customer 42" }, throwOnError: true });
  const projectId = project.data.id;
  const key = await createApiKey({
    client,
    path: { projectId },
    body: { name: "Agent" },
    throwOnError: true,
  });
  expect(key.data.secret).toMatch(/^ptk_/);

  const mcp = new Client({ name: "builder-agent", version: "1.0.0" });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(project.data.mcpUrl), {
      requestInit: { headers: { authorization: `Bearer ${key.data.secret}` } },
    }),
  );
  const result = await mcp.callTool({ name: "calculate", arguments: { expression: "6 * 7" } });
  expect(JSON.stringify(result.content)).toContain("42");
  await mcp.close();

  const calls = await listCalls({
    client,
    path: { projectId },
    query: { tool: "calculate" },
    throwOnError: true,
  });
  expect(calls.data.items.map((call) => call.toolName)).toEqual(["calculate"]);
  expect(calls.data.items[0]?.callerName).toBe("Agent");

  await revokeApiKey({ client, path: { projectId, keyId: key.data.id }, throwOnError: true });
  const refused = new Client({ name: "builder-agent", version: "1.0.0" });
  await expect(
    refused.connect(
      new StreamableHTTPClientTransport(new URL(project.data.mcpUrl), {
        requestInit: { headers: { authorization: `Bearer ${key.data.secret}` } },
      }),
    ),
  ).rejects.toThrow(/401|Unauthorized|invalid/i);

  await deleteProject({ client, path: { projectId }, throwOnError: true });
  const left = await listProjects({ client, throwOnError: true });
  expect(left.data.items.map((item) => item.id)).not.toContain(projectId);
});

it("answers refusals in the one error shape the SDK types", async () => {
  const client = createPorticoClient({ baseUrl: server.baseUrl, token });
  const refused = await createProject({ client, body: { name: "" } });
  expect(refused.response?.status).toBe(400);
  expect(refused.error).toMatchObject({
    error: { code: "BAD_REQUEST", fields: { name: ["Project name is required"] } },
  });
  const wrong = createPorticoClient({ baseUrl: server.baseUrl, token: "ptk_not_a_management_token" });
  const unauthorized = await listProjects({ client: wrong });
  expect(unauthorized.response?.status).toBe(401);
});

it("runs the README's example: an external user with a connect link and a tool called as them", async () => {
  const client = createPorticoClient({ baseUrl: server.baseUrl, token });
  const project = await createProject({ client, body: { name: "Example" }, throwOnError: true });
  const provisioned = await provisionExternalUser({
    baseUrl: server.baseUrl,
    token,
    projectId: project.data.id,
    externalUserId: "customer-42",
    returnUrl: "https://builder.example/portico/connected",
  });
  expect(provisioned.connectUrl.startsWith(`${server.baseUrl}/connect/`)).toBe(true);
  expect(provisioned.mcpToken).toMatch(/^pxu_/);
  expect(provisioned.toolResult).toContain("42");
  // The hosted connect page opens for the user, without a Portico login.
  const page = await fetch(provisioned.connectUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Builder Co");
});
