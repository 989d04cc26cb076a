// Credentials end to end through the real procedures: who may read and write them, secrets kept on
// edit, validation messages, global credentials, and no secret in plain text anywhere in the database.
import { afterAll, describe, expect, it } from "vitest";
import {
  GLOBAL,
  organizationOwner,
  readCredential,
} from "~/server/integrations/credentials/credential-store.ts";
import { basicAuth, FAKE_SESSION_TOKEN, startFakeApiProvider } from "../fakes/api-provider.ts";
import { dumpDatabase } from "../support/dump.ts";
import { outcome, worldForFile } from "./world.ts";

// API tokens are checked with the provider before they are saved; this fake accepts them all.
const providerApi = await startFakeApiProvider(() => true);
afterAll(() => providerApi.close());
const { app, world } = await worldForFile({
  // The fake listens on 127.0.0.1, which the SSRF guard refuses for user-given URLs otherwise.
  ALLOW_PRIVATE_URLS: "true",
  INTEGRATION_ENDPOINTS: JSON.stringify({
    atlassian: { apiBaseUrl: providerApi.url },
    openai: { apiBaseUrl: providerApi.url },
  }),
});

const SECRETS = {
  caflouPassword: "caflou-secret-password-0000000001",
  caflouPasswordRotated: "caflou-secret-password-0000000002",
  googleClientSecret: "GOCSPX-global-client-secret-123456",
  atlassianToken: "ATATT3x-atlassian-api-token-987654",
  openAiKey: "sk-proj-openai-secret-key-abcdefgh",
};

const caflou = (values: Record<string, string>) => ({
  organizationId: world.orgA.id,
  provider: "caflou" as const,
  authFlow: "api-token" as const,
  values,
});

describe("organization credentials", () => {
  it("saves a credential and answers with masked secrets only", async () => {
    const saved = await world.ownerA.caller.integrations.credentials.saveOrganizationCredential(
      caflou({
        email: "ops@acme.test",
        password: SECRETS.caflouPassword,
        accountId: "4711",
        baseUrl: `${providerApi.url}/`,
      }),
    );
    expect(saved).toMatchObject({
      scope: "organization",
      provider: "caflou",
      authFlow: "api-token",
      config: { email: "ops@acme.test", accountId: "4711", baseUrl: providerApi.url },
      secrets: [{ name: "password", hasSecret: true, hint: "••••0001" }],
    });
    expect(JSON.stringify(saved)).not.toContain(SECRETS.caflouPassword);
    const listed = await world.memberA.caller.integrations.credentials.getOrganizationCredentials({
      organizationId: world.orgA.id,
    });
    expect(listed.canManage).toBe(false);
    expect(listed.credentials.map((c) => c.id)).toEqual([saved.id]);
    expect(JSON.stringify(listed)).not.toContain(SECRETS.caflouPassword);
  });

  it("keeps the saved secret when an edit leaves it empty, and replaces it when a new one is typed", async () => {
    const caller = world.adminA.caller.integrations.credentials;
    await caller.saveOrganizationCredential(
      caflou({ email: "ops@acme.test", password: "", accountId: "4712", baseUrl: providerApi.url }),
    );
    let stored = await readCredential(
      app.db,
      app.keyring,
      organizationOwner(world.orgA.id),
      "caflou",
      "api-token",
    );
    expect(stored?.values).toEqual({
      email: "ops@acme.test",
      password: SECRETS.caflouPassword,
      accountId: "4712",
      baseUrl: providerApi.url,
    });
    // The check logged in with the kept password, then called with the login's token; the account's
    // name was then read with the same token (the identity call, GET /api/v1/accounts).
    const [login, check, accounts] = providerApi.requests.slice(-3);
    expect([accounts?.method, accounts?.path, accounts?.headers.authorization]).toEqual([
      "GET",
      "/api/v1/accounts",
      `Bearer ${FAKE_SESSION_TOKEN}`,
    ]);
    expect([login?.method, login?.path, login?.headers.authorization]).toEqual([
      "POST",
      "/api/v1/login",
      basicAuth("ops@acme.test", SECRETS.caflouPassword),
    ]);
    expect(check?.headers.authorization).toBe(`Bearer ${FAKE_SESSION_TOKEN}`);
    expect(check?.path).toBe("/api/v1/4712/companies");
    await caller.saveOrganizationCredential(
      caflou({
        email: "ops@acme.test",
        password: SECRETS.caflouPasswordRotated,
        accountId: "4712",
        baseUrl: providerApi.url,
      }),
    );
    stored = await readCredential(
      app.db,
      app.keyring,
      organizationOwner(world.orgA.id),
      "caflou",
      "api-token",
    );
    expect(stored?.values.password).toBe(SECRETS.caflouPasswordRotated);
    const { credentials } = await caller.getOrganizationCredentials({ organizationId: world.orgA.id });
    expect(credentials).toHaveLength(1);
  });

  it("refuses a new credential without its secret, with the field's message", async () => {
    await expect(
      world.ownerB.caller.integrations.credentials.saveOrganizationCredential({
        organizationId: world.orgB.id,
        provider: "caflou",
        authFlow: "api-token",
        values: { email: "ops@acme.test", password: "", accountId: "1" },
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Password is required" });
  });

  it("refuses a flow the provider does not allow, and bad fields, at the field", async () => {
    const caller = world.ownerA.caller.integrations.credentials;
    const flow = await caller
      .saveOrganizationCredential({
        organizationId: world.orgA.id,
        provider: "microsoft",
        authFlow: "api-token",
        values: {},
      })
      .catch(
        (error: unknown) =>
          error as { code: string; cause: { issues: { path: string[]; message: string }[] } },
      );
    expect(flow).toMatchObject({ code: "BAD_REQUEST" });
    expect(JSON.stringify(flow)).toContain("Invalid auth flow type for the selected provider");
    const fields = await caller
      .saveOrganizationCredential({
        organizationId: world.orgA.id,
        provider: "alveno",
        authFlow: "api-token",
        values: { apiKey: "k", tenantId: "", baseUrl: "https://elsewhere.example" },
      })
      .catch((error: unknown) => error);
    expect(JSON.stringify(fields)).toContain("Tenant ID is required");
    expect(JSON.stringify(fields)).toContain("Base URL must be the Czech or Slovak Alveno API address");
  });

  it("lets owners and admins write, members only read", async () => {
    const save = (who: typeof world.memberA) =>
      who.caller.integrations.credentials.saveOrganizationCredential({
        organizationId: world.orgA.id,
        provider: "atlassian",
        authFlow: "api-token",
        values: { email: "ops@acme.test", apiToken: SECRETS.atlassianToken, siteUrl: providerApi.url },
      });
    expect(await outcome(save(world.memberA))).toBe("FORBIDDEN");
    expect(await outcome(save(world.adminA))).toBe("OK");
    const { credentials } = await world.memberA.caller.integrations.credentials.getOrganizationCredentials({
      organizationId: world.orgA.id,
    });
    const atlassian = credentials.find((c) => c.provider === "atlassian");
    expect(atlassian?.config).toEqual({ email: "ops@acme.test", siteUrl: providerApi.url });
    expect(
      await outcome(
        world.memberA.caller.integrations.credentials.deleteOrganizationCredential({
          organizationId: world.orgA.id,
          credentialId: atlassian?.id ?? "",
        }),
      ),
    ).toBe("FORBIDDEN");
  });

  it("deletes only within the organization", async () => {
    const own = await world.ownerB.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: world.orgB.id,
      provider: "openai",
      authFlow: "api-token",
      values: { apiKey: SECRETS.openAiKey },
    });
    // A's owner names B's credential under A's organization: nothing is deleted.
    expect(
      await outcome(
        world.ownerA.caller.integrations.credentials.deleteOrganizationCredential({
          organizationId: world.orgA.id,
          credentialId: own.id,
        }),
      ),
    ).toBe("NOT_FOUND");
    const left = await world.ownerB.caller.integrations.credentials.getOrganizationCredentials({
      organizationId: world.orgB.id,
    });
    expect(left.credentials.map((c) => c.id)).toEqual([own.id]);
  });
});

describe("global credentials", () => {
  it("are managed by site admins and show as available to organizations, without values", async () => {
    // ownerA signed up first, so is the site admin.
    const saved = await world.ownerA.caller.integrations.credentials.saveGlobalCredential({
      provider: "google",
      authFlow: "oauth",
      values: {
        clientId: "portico-google-client",
        clientSecret: SECRETS.googleClientSecret,
        redirectUri: "http://localhost:3000/api/integrations/oauth/callback",
      },
    });
    expect(saved.scope).toBe("global");
    expect(await outcome(world.ownerB.caller.integrations.credentials.getGlobalCredentials())).toBe(
      "FORBIDDEN",
    );
    const view = await world.memberA.caller.integrations.credentials.getOrganizationCredentials({
      organizationId: world.orgA.id,
    });
    expect(view.platform).toEqual([{ provider: "google", authFlow: "oauth" }]);
    expect(JSON.stringify(view)).not.toContain("portico-google-client");
    const stored = await readCredential(app.db, app.keyring, GLOBAL, "google", "oauth");
    expect(stored?.values.clientSecret).toBe(SECRETS.googleClientSecret);
  });

  it("make Google integrations usable for every organization; tool counts come from the registry", async () => {
    const rows =
      await world.memberA.caller.integrations.organizations.getAllOrganizationIntegrationsWithToolCounts({
        organizationId: world.orgA.id,
      });
    expect(rows).toHaveLength(19);
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId.gmail).toMatchObject({
      configured: true,
      platformFlows: ["oauth"],
      organizationFlows: [],
    });
    // Portico's own tools are counted without a connection: Gmail's come from its document.
    expect(byId.gmail?.toolCount).toBeGreaterThan(0);
    expect(byId.caflou).toMatchObject({ configured: true, organizationFlows: ["api-token"] });
    expect(byId.jira).toMatchObject({ configured: true, organizationFlows: ["api-token"] });
    expect(byId.hubspot).toMatchObject({ configured: false });
    expect(byId.caflou?.toolCount).toBeGreaterThan(0);
    expect(byId.hubspot?.toolCount).toBeGreaterThan(0);
    // A remote MCP server's tools are the provider's, unknown until connected: null, never a 0.
    expect(byId.brevo?.toolCount).toBeNull();
    expect(byId.exa?.toolCount).toBeNull();
    expect(rows.every((row) => row.toolCount !== 0)).toBe(true);
  });
});

describe("at rest", () => {
  it("no secret appears in plain text anywhere in a dump of the database", async () => {
    const dump = await dumpDatabase(app.db);
    expect(dump).toContain("integration_credential");
    expect(dump).toContain("pe1.");
    for (const secret of Object.values(SECRETS)) expect(dump).not.toContain(secret);
    expect(dump).not.toContain("exa-key");
  });
});
