// Bad credential input over the real /api/trpc handler: a 400 whose field errors sit at the form's own
// field names with requirements §5's messages, never a 500, and nothing written.
import { count } from "drizzle-orm";
import superjson from "superjson";
import { beforeAll, describe, expect, it } from "vitest";
import { integrationCredential } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { callerFor, headersFor, signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { newUser } from "../support/users.ts";

const app = await appForFile();
let cookie: string;
let organizationId: string;

async function mutate(procedure: string, input: unknown) {
  const headers = headersFor(cookie);
  headers.set("content-type", "application/json");
  const request = new Request(`${app.config.baseUrl}/api/trpc/${procedure}`, {
    method: "POST",
    headers,
    body: JSON.stringify(superjson.serialize(input)),
  });
  const response = await handleApiRequest(app, request, new URL(request.url).pathname);
  if (!response) throw new Error("not routed");
  const body = (await response.json()) as {
    error?: { json: { message: string; data: { zodError?: { fieldErrors: Record<string, string[]> } } } };
  };
  return { status: response.status, fieldErrors: body.error?.json.data.zodError?.fieldErrors ?? {}, body };
}

const credentialRows = async () => (await app.db.select({ n: count() }).from(integrationCredential))[0]?.n;

beforeAll(async () => {
  cookie = await signUp(app, newUser("owner"));
  organizationId = (await callerFor(app, cookie).organization.create({ name: "Acme" })).id;
});

describe("credential bad input", () => {
  it.each([
    ["microsoft", "api-token", {}, "authFlow", "Invalid auth flow type for the selected provider"],
    ["raynet", "oauth", {}, "authFlow", "Invalid auth flow type for the selected provider"],
    [
      "caflou",
      "api-token",
      { email: "a@b.cz", password: "p", accountId: "" },
      "accountId",
      "Account ID is required",
    ],
    [
      "caflou",
      "api-token",
      { email: "nope", password: "p", accountId: "1" },
      "email",
      "Enter a valid email address",
    ],
    [
      "caflou",
      "api-token",
      { email: "a@b.cz", password: "p", accountId: "1", baseUrl: "::" },
      "baseUrl",
      "Base URL must be a valid URL",
    ],
    ["alveno", "api-token", { apiKey: "k", tenantId: "" }, "tenantId", "Tenant ID is required"],
    [
      "alveno",
      "api-token",
      { apiKey: "k", tenantId: "t", baseUrl: "https://api.alveno.de" },
      "baseUrl",
      "Base URL must be the Czech or Slovak Alveno API address",
    ],
    ["openai", "api-token", { apiKey: "pk-live" }, "apiKey", "Invalid API key format. Must start with 'sk-'"],
    [
      "google",
      "oauth",
      { clientId: "", clientSecret: "s", redirectUri: "https://x.test/cb" },
      "clientId",
      "Client ID is required",
    ],
    [
      "atlassian",
      "api-token",
      { email: "nope", apiToken: "t", siteUrl: "https://acme.atlassian.net" },
      "email",
      "Enter a valid email address",
    ],
  ])("%s/%s %j → 400 with '%s' on its field", async (provider, authFlow, values, field, message) => {
    const before = await credentialRows();
    const { status, fieldErrors } = await mutate("integrations.credentials.saveOrganizationCredential", {
      organizationId,
      provider,
      authFlow,
      values,
    });
    expect(status).toBe(400);
    expect(fieldErrors[field]).toContain(message);
    expect(await credentialRows()).toBe(before);
  });

  it("rejects wrong types and unknown providers with 400, not 500", async () => {
    for (const input of [
      { organizationId, provider: "myspace", authFlow: "oauth", values: {} },
      { organizationId, provider: "exa", authFlow: "api-token", values: "nope" },
      { organizationId, provider: "exa", authFlow: "api-token", values: { mcpApiKey: { nested: true } } },
      { organizationId, provider: "exa", authFlow: "api-token", values: { mcpApiKey: "x".repeat(10_000) } },
    ]) {
      expect((await mutate("integrations.credentials.saveOrganizationCredential", input)).status).toBe(400);
    }
  });

  it.each([
    [
      "caflou",
      { email: "a@b.cz", password: "p", accountId: "1", baseUrl: "http://127.0.0.1:9" },
      "The URL http://127.0.0.1:9 is not allowed",
    ],
    [
      "caflou",
      { email: "a@b.cz", password: "p", accountId: "1", baseUrl: "http://localhost:8080" },
      "The URL http://localhost:8080 is not allowed",
    ],
    [
      "openai",
      { apiKey: "sk-1", baseUrl: "http://169.254.169.254/v1" },
      "The URL http://169.254.169.254 is not allowed",
    ],
  ])(
    "refuses a %s base URL on a private or metadata address (SSRF): %j",
    async (provider, values, message) => {
      const before = await credentialRows();
      const { status, body } = await mutate("integrations.credentials.saveOrganizationCredential", {
        organizationId,
        provider,
        authFlow: "api-token",
        values,
      });
      expect(status).toBe(400);
      expect(body.error?.json.message).toContain(message);
      expect(await credentialRows()).toBe(before);
    },
  );

  it("an unknown integration in startOAuth is a 400", async () => {
    const { status, fieldErrors } = await mutate("integrations.connections.startOAuth", {
      organizationId,
      integrationId: "myspace",
    });
    expect(status).toBe(400);
    expect(fieldErrors.integrationId).toContain("Unknown integration");
  });
});
