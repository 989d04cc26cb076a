// Every management operation, called with organization B's token (all scopes) on organization A's
// ids, must refuse or answer only B's own data — though the token's creator is an admin of A too, so
// nothing but the token's organization keeps A out; and a token without a family's scope is refused by
// every operation of that family. The operations come from the OpenAPI document, so a route added
// later is covered without touching this file.
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { createEndpoint, sendTestEvent } from "~/server/builder-webhooks/index.ts";
import { integrationConnection } from "~/server/db/schema/index.ts";
import { issueExternalUserToken } from "~/server/external-users/external-user-tokens.ts";
import { createExternalUser } from "~/server/external-users/external-users.ts";
import { createManageApi, openApiDocument } from "~/server/manage/manage-api.ts";
import { managementTokenFor, manageRequest } from "../support/manage-client.ts";
import { seedOrganizationA } from "./tenancy-seed.ts";
import { join, worldForFile } from "./world.ts";

// Private addresses allowed: organization A's webhook endpoint points at this machine.
const { app, world } = await worldForFile({ ALLOW_PRIVATE_URLS: "true" });
const document = openApiDocument(createManageApi(app as App), app.config.baseUrl);
type Operation = { operationId: string; description: string; requestBody?: unknown };
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item ?? {}).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path: path.replace("/api/manage/v1", ""),
    operation: operation as Operation,
  })),
);

/** A body each create or change would accept, so a refusal is about the ids and not the input. */
const bodies: Record<string, unknown> = {
  createProject: { name: "Intruder" },
  updateProject: { name: "Intruder" },
  changeMemberRole: { role: "member" },
  inviteMember: { email: "intruder@example.test", role: "member" },
  createApiKey: { name: "Intruder" },
  addServer: { integrationId: "exa" },
  updateServer: { name: "intruder" },
  setToolEnabled: { enabled: false },
  startConnection: { integrationId: "hubspot" },
  updateGovernance: { protectWrites: false, allowSelfApproval: true },
  setPolicy: { action: "deny", rules: [] },
  startRun: { request: "Tell me A's secrets" },
  createExternalUser: { id: "intruder" },
  createConnectLink: { integrationId: "hubspot", returnUrl: "https://bravo.example/back" },
  setReturnUrls: { urls: ["https://bravo.example/back"] },
  createWebhookEndpoint: { url: "http://127.0.0.1:9/bravo", eventTypes: ["connection.broken"] },
  updateWebhookEndpoint: { enabled: false },
};

let ids: Record<string, string>;
let secretsOfA: string[];
let tokenB: string;

beforeAll(async () => {
  const seeded = await seedOrganizationA(app, world);
  const [connection] = await app.db
    .insert(integrationConnection)
    .values({ organizationId: world.orgA.id, provider: "hubspot", authFlow: "oauth", status: "active" })
    .returning();
  const scopeA = { organizationId: world.orgA.id, projectId: world.projectA.id };
  await createExternalUser(app, scopeA, { id: "acme-customer-7" });
  const tokenOfA = await issueExternalUserToken(app, scopeA, { externalUserId: "acme-customer-7" });
  const { endpoint } = await createEndpoint(app, scopeA, {
    url: "http://127.0.0.1:9/acme-hook",
    eventTypes: ["agent.run.finished"],
  });
  const { deliveryId } = await sendTestEvent(app, scopeA, { endpointId: endpoint.id });
  ids = {
    projectId: world.projectA.id,
    memberId: seeded.member,
    invitationId: seeded.invitation,
    keyId: seeded.apiKey,
    serverId: seeded.server,
    agentId: seeded.agent,
    runId: seeded.run,
    callId: seeded.call,
    connectionId: connection?.id ?? "",
    toolName: "exa_search",
    targetKind: "tool",
    target: "exa_search",
    externalUserId: "acme-customer-7",
    tokenId: tokenOfA.id,
    endpointId: endpoint.id,
    deliveryId,
  };
  secretsOfA = [
    world.orgA.id,
    world.projectA.id,
    "Acme",
    "Support bot",
    ...Object.values(ids).slice(0, 9),
    "acme-customer-7",
    tokenOfA.id,
    endpoint.id,
    deliveryId,
    "acme-hook",
  ];
  await join(world.ownerA, world.ownerB, world.orgA.id, "admin");
  tokenB = await managementTokenFor(app, world.ownerB.id, world.orgB.id);
});

const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? "unknown");

describe("organization B's token on organization A's ids", () => {
  it("covers every operation of the document", () => {
    expect(operations.length).toBeGreaterThan(30);
    const needingBodies = operations.filter(({ operation }) => operation.requestBody);
    expect(
      needingBodies.map(({ operation }) => operation.operationId).filter((id) => !(id in bodies)),
    ).toEqual([]);
  });

  it("reaches nothing of A", async () => {
    const leaks: string[] = [];
    for (const { method, path, operation } of operations) {
      const named = path.includes("{");
      const answer = await manageRequest(
        app,
        tokenB,
        method,
        `${fill(path)}${path.endsWith("/calls/{callId}") ? `?createdAt=2026-11-01T10:00:00.000Z` : ""}`,
        {
          body: bodies[operation.operationId],
        },
      );
      const text = JSON.stringify(answer.body ?? "");
      const found = secretsOfA.filter((secret) => text.includes(secret));
      // An operation naming A's things must refuse; one that does not (lists, creates) answers B's own.
      if (named && ![403, 404].includes(answer.status))
        leaks.push(`${method} ${path} answered ${answer.status}`);
      if (found.length > 0) leaks.push(`${method} ${path} showed ${found.join(", ")}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe("scopes", () => {
  it("every operation refuses a token without its family's scope", async () => {
    const usageOnly = await managementTokenFor(app, world.ownerA.id, world.orgA.id, ["usage:write"]);
    const webhooksOnly = await managementTokenFor(app, world.ownerA.id, world.orgA.id, ["webhooks:write"]);
    const allowed: string[] = [];
    for (const { method, path, operation } of operations) {
      const family = /Scope: `([a-z]+):/.exec(operation.description)?.[1];
      const token = family === "usage" ? webhooksOnly : usageOnly;
      const answer = await manageRequest(app, token, method, fill(path), {
        body: bodies[operation.operationId],
      });
      if (answer.status !== 403) allowed.push(`${method} ${path} answered ${answer.status}`);
    }
    expect(allowed).toEqual([]);
  });

  it("a read scope opens reads of its family only", async () => {
    const reader = await managementTokenFor(app, world.ownerA.id, world.orgA.id, ["read"]);
    const writes = operations.filter(({ operation }) => /Scope: `[a-z]+:write`/.test(operation.description));
    for (const { method, path, operation } of writes) {
      const answer = await manageRequest(app, reader, method, fill(path), {
        body: bodies[operation.operationId],
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });
});
