// Every remote MCP URL goes through the SSRF guard: without ALLOW_PRIVATE_URLS, loopback, private,
// link-local and metadata addresses, and names that resolve to them, are refused before anything is
// sent, and the call says why.
import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { ConnectionUnavailableError } from "~/server/integrations/connections/connection-errors.ts";
import { createRemoteMcpEngine } from "~/server/integrations/engine/mcp-proxy/remote-mcp-engine.ts";
import { startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { callerFor, signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { newUser } from "../support/users.ts";

const KEY = "brevo-stored-key-ssrf";
const engine = createRemoteMcpEngine();
const fake = await startRemoteMcpFake({
  tools: [{ name: "send_email" }],
  auth: { header: "authorization", value: `Bearer ${KEY}` },
});
afterAll(() => fake.close());
// Private addresses are not allowed here. The credential check calls the configured URL directly
// (configuration is trusted there), so the connection can be made; the engine must still refuse it.
const app = await appForFile({ INTEGRATION_ENDPOINTS: JSON.stringify({ brevo: { mcpUrl: fake.url } }) });
let organizationId = "";

beforeAll(async () => {
  const caller = callerFor(app, await signUp(app, newUser("ssrf-owner")));
  organizationId = (await caller.organization.create({ name: "Guarded" })).id;
  await caller.integrations.credentials.saveOrganizationCredential({
    organizationId,
    provider: "brevo",
    authFlow: "api-token",
    values: { mcpApiKey: KEY },
  });
});

/** The same deployment with brevo's MCP URL configured elsewhere. */
const pointedAt = (mcpUrl: string): App => ({
  ...app,
  config: { ...app.config, integrationEndpoints: { brevo: { mcpUrl } } },
});

describe("remote MCP engine: SSRF guard", () => {
  it("refuses loopback, private, link-local and metadata addresses, and names resolving to loopback", async () => {
    const port = new URL(fake.url).port;
    // This machine's own name resolves to loopback (/etc/hosts): a name the guard only catches by resolving.
    const ownName = hostname();
    expect((await lookup(ownName)).address).toMatch(/^127\./);
    const urls = [
      fake.url,
      "http://10.0.0.1/mcp",
      "http://169.254.169.254/mcp",
      `http://[::1]:${port}/mcp`,
      `http://localhost:${port}/mcp`,
      `http://${ownName}:${port}/mcp`,
    ];
    fake.requests.length = 0;
    const target = { organizationId, integrationId: "brevo" as const };
    for (const url of urls) {
      const origin = new URL(url).origin;
      const refusal = new RegExp(
        `^Portico did not connect to Brevo's MCP server: The URL ${origin.replace(/[.[\]]/g, "\\$&")} is not allowed: `,
      );
      const result = await engine.callTool(
        pointedAt(url),
        target,
        "send_email",
        {},
        new AbortController().signal,
      );
      expect(result.isError, url).toBe(true);
      expect(result.content[0]?.type === "text" && result.content[0].text, url).toMatch(refusal);
      const listing = engine.listTools(pointedAt(url), target);
      await expect(listing, url).rejects.toBeInstanceOf(ConnectionUnavailableError);
      await expect(listing, url).rejects.toThrow(refusal);
    }
    expect(fake.requests).toEqual([]);
  });
});
