// What Claude Code or VS Code does to connect: the official SDK client discovers Portico's authorization
// server from /mcp's 401, registers itself, and sends the user's browser to authorize with PKCE; the
// user signs in, picks a project and allows; the client exchanges the code and uses /mcp. Then a project
// admin revokes the connection from the settings and the client's next call is refused.
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Page } from "playwright-core";
import { HttpClient } from "../support/http-client.ts";
import { SdkOAuthProvider } from "../support/sdk-oauth-provider.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, test } from "./support/browser.ts";
import { startLoopbackCallback } from "./support/mcp-oauth.ts";
import { hydrated, STEP_TIMEOUT } from "./support/page-helpers.ts";

const CLIENT_NAME = "E2E MCP client";

async function waitForPath(page: Page, pathname: string): Promise<URL> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: STEP_TIMEOUT });
  return new URL(page.url());
}

async function accountWithProject(baseUrl: string, label: string) {
  const user = newUser(label);
  const http = new HttpClient(baseUrl);
  await http.signUp(user);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Acme" });
  const project = await http.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Support bot",
  });
  return { user, project };
}

/** The first connection attempt: 401 at /mcp, discovery, registration, then the browser is needed. */
async function startConnecting(mcpUrl: URL, provider: SdkOAuthProvider): Promise<URL> {
  const client = new Client({ name: "e2e", version: "1.0.0" });
  await expect(
    client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
  ).rejects.toThrow(UnauthorizedError);
  return provider.requireAuthorizationUrl();
}

async function signIn(page: Page, user: { email: string; password: string }) {
  await waitForPath(page, "/sign-in");
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("an MCP client connects through the browser with OAuth and uses /mcp until revoked", async ({
  page,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const { user, project } = await accountWithProject(server.baseUrl, "mcp-oauth");
  const callback = await startLoopbackCallback();
  const provider = new SdkOAuthProvider(callback.url, CLIENT_NAME);
  const mcpUrl = new URL(`${server.baseUrl}/mcp`);
  try {
    const authorizationUrl = await startConnecting(mcpUrl, provider);
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(
      `${server.baseUrl}/api/auth/oauth2/authorize`,
    );
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("resource")).toBe(`${server.baseUrl}/mcp`);

    // The human part: sign in, check what is asked, pick the project, allow.
    await page.goto(authorizationUrl.href);
    await signIn(page, user);
    await waitForPath(page, "/oauth/consent");
    await page.getByRole("heading", { name: `Allow ${CLIENT_NAME} to use Portico?` }).waitFor();
    await expect
      .poll(() => page.getByRole("list", { name: "What it will be able to do" }).textContent())
      .toContain("Use the tools of the project you choose below");
    await expect
      .poll(() => page.getByRole("combobox", { name: "Project" }).textContent())
      .toContain("Support bot");
    await screenshot(page, "mcp-oauth-consent");
    await (await hydrated(page.getByRole("button", { name: "Allow access" }))).click();
    await waitForPath(page, "/oauth/success");
    await page.getByRole("heading", { name: "Access granted" }).waitFor();
    await screenshot(page, "mcp-oauth-success");

    // The success page hands the browser back to the client's loopback server with the code.
    const answer = await callback.received;
    expect(answer.get("state")).toBe(provider.expectedState);
    expect(answer.get("iss")).toBe(`${server.baseUrl}/api/auth`);
    const code = answer.get("code");
    if (!code) throw new Error(`no code: ${answer}`);

    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await transport.finishAuth(code);
    expect(provider.tokens()?.access_token).toMatch(/^pto_/);
    expect(provider.tokens()?.refresh_token).toMatch(/^ptr_/);
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("get_current_time");
    const result = await client.callTool({
      name: "get_current_time",
      arguments: { timezone: "Europe/Prague" },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ timezone: "Europe/Prague" });

    // The owner (a project admin) sees the connection and revokes it.
    await page.goto(`/app/project/${project.id}/settings`);
    await page.getByText("Connected applications", { exact: true }).waitFor();
    await page.getByText(CLIENT_NAME, { exact: true }).waitFor();
    await (await hydrated(page.getByRole("button", { name: "Revoke" }))).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
    await page.getByText(`${CLIENT_NAME} no longer has access`).waitFor();
    await page.getByText("No application connected yet").waitFor();
    await screenshot(page, "mcp-oauth-revoked");

    // The client's next call is refused; its refresh token is gone too, so it must ask the user again.
    await expect(client.listTools()).rejects.toThrow();
    await client.close();
  } finally {
    await callback.close();
  }
});

test("denying sends access_denied to the client with its state, and no code", async ({ page, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const { user } = await accountWithProject(server.baseUrl, "mcp-deny");
  const callback = await startLoopbackCallback();
  const provider = new SdkOAuthProvider(callback.url, CLIENT_NAME);
  try {
    const authorizationUrl = await startConnecting(new URL(`${server.baseUrl}/mcp`), provider);
    await page.goto(authorizationUrl.href);
    await signIn(page, user);
    await waitForPath(page, "/oauth/consent");
    await (await hydrated(page.getByRole("button", { name: "Deny" }))).click();
    const answer = await callback.received;
    expect(answer.get("error")).toBe("access_denied");
    expect(answer.get("state")).toBe(provider.expectedState);
    expect(answer.get("code")).toBeNull();
  } finally {
    await callback.close();
  }
});
