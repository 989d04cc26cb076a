// The project overview at phone width (requirements §2: "overview with API key snippets, servers, stats,
// remembered sort preference"): a key created in the setup card fills the snippets with its real secret
// once, then is listed masked in the key picker; the servers list follows the sort the person picks,
// remembered across reloads; a viewer is told who can create keys instead of being offered to.
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { type FakeRestProvider, startFakeRestProvider } from "../fakes/rest-provider.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { hydrated, poll, visible } from "./support/page-helpers.ts";

const PHONE = { width: 375, height: 812 };

let own: RunningServer;
let providerApi: FakeRestProvider;

beforeAll(async () => {
  // Raynet and Alveno check a saved API key with one read; this fake accepts any.
  providerApi = await startFakeRestProvider();
  providerApi.respond = () => ({ json: { success: "true", totalCount: 0, data: [] } });
  own = await startServer({
    env: {
      ALLOW_PRIVATE_URLS: "true",
      INTEGRATION_ENDPOINTS: JSON.stringify({
        raynet: { apiBaseUrl: `${providerApi.url}/api/v2` },
        alveno: { apiBaseUrl: providerApi.url },
      }),
    },
  });
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await own?.stop();
  await providerApi?.close();
});

/** An organization (on Start, for a second seat) with a project holding two servers. */
async function projectWithTwoServers(owner: HttpClient) {
  const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Overview Org" });
  await owner.mutate("admin.setOrganizationPlan", {
    organizationId: organization.id,
    plan: "start",
    interval: "monthly",
  });
  const project = await owner.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Support desk",
  });
  await owner.mutate("integrations.credentials.saveOrganizationCredential", {
    organizationId: organization.id,
    provider: "raynet",
    authFlow: "api-token",
    values: { email: "ops@acme.test", apiKey: "raynet-e2e-key-0000000001", namespace: "acme" },
  });
  await owner.mutate("integrations.credentials.saveOrganizationCredential", {
    organizationId: organization.id,
    provider: "alveno",
    authFlow: "api-token",
    values: { apiKey: "alveno-e2e-key-0000000001", tenantId: "acme" },
  });
  for (const integrationId of ["raynet", "alveno"]) {
    await owner.mutate("projectServers.addServer", { projectId: project.id, integrationId });
  }
  return { organization, project };
}

const serverNames = (page: Page) =>
  page
    .getByRole("list", { name: "Servers" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.querySelector("span.font-medium")?.textContent));

const fitsPhoneWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// The viewer's test joins the first test's organization.
let world: Awaited<ReturnType<typeof projectWithTwoServers>>;
let ownerClient: HttpClient;

test("create a key from the overview, see it masked after a reload; the servers' order is remembered", {
  timeout: 120_000,
}, async ({ browser }) => {
  ownerClient = new HttpClient(own.baseUrl);
  // The instance's first account: its site admin, who may put the organization on Start.
  await ownerClient.signUp(newUser("overview-owner"));
  world = await projectWithTwoServers(ownerClient);
  const { context, page, errors } = await signedInPage(browser, own.baseUrl, ownerClient, PHONE);
  try {
    await page.goto(`/app/project/${world.project.id}`);
    const picker = page.getByRole("region", { name: "API key in the snippets" });
    await visible(picker.getByText("You have no API key in this project yet."));
    await (await hydrated(picker.getByRole("button", { name: "Create a key" }))).click();
    const name = picker.getByLabel("Key name");
    expect(await name.inputValue()).toBe("Claude Code");
    await name.fill("Overview laptop");
    await picker.getByRole("button", { name: "Create key" }).click();

    const secretField = picker.getByRole("textbox", { name: "New API key" });
    await visible(secretField);
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^ptk_[A-Za-z0-9_-]{43}$/);
    await visible(picker.getByText("This is the only time the key is shown: copy it now."));
    const guide = page.getByTestId("guide-claude-code");
    await poll(async () => (await guide.textContent()) ?? "").toContain(secret);
    await page.getByRole("tab", { name: "Cursor" }).click();
    await poll(async () => (await page.getByTestId("guide-cursor").textContent()) ?? "").toContain(secret);
    expect(await fitsPhoneWidth(page)).toBe(true);
    await screenshot(page, "overview-key-created-phone");

    // After a reload the secret is gone for good: the picker names the key masked, and so do the snippets.
    const masked = `${secret.slice(0, 12)}…${secret.slice(-4)}`;
    await page.reload();
    const trigger = page.getByRole("combobox", { name: "API key in the snippets" });
    await visible(trigger);
    await poll(async () => (await trigger.textContent()) ?? "").toContain("Overview laptop");
    expect(await trigger.textContent()).toContain(masked);
    await poll(async () => (await guide.textContent()) ?? "").toContain(masked);
    await visible(picker.getByText("full key you saved when you created it", { exact: false }));
    expect(await page.content()).not.toContain(secret);
    await (await hydrated(trigger)).click();
    const option = page.getByRole("option").filter({ hasText: masked });
    await visible(option);
    expect(await option.textContent()).toContain("Overview laptop");
    await page.keyboard.press("Escape");

    // Servers: A–Z by default; Z–A once chosen, and still Z–A after a reload.
    await poll(() => serverNames(page)).toEqual(["Alveno", "Raynet CRM"]);
    const sortBy = page.getByRole("combobox", { name: "Sort by" });
    await (await hydrated(sortBy)).click();
    const saved = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("_serverFn"),
    );
    await page.getByRole("option", { name: "Name (Z–A)" }).click();
    await poll(() => serverNames(page)).toEqual(["Raynet CRM", "Alveno"]);
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await poll(() => serverNames(page)).toEqual(["Raynet CRM", "Alveno"]);
    expect(await page.getByRole("combobox", { name: "Sort by" }).textContent()).toContain("Name (Z–A)");
    expect(await fitsPhoneWidth(page)).toBe(true);
    await screenshot(page, "overview-servers-sorted-phone");
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a viewer is told who creates keys, and is not offered to create one", {
  timeout: 60_000,
}, async ({ browser }) => {
  const viewerUser = newUser("overview-viewer");
  const invitation = await ownerClient.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId: world.organization.id,
    email: viewerUser.email,
    role: "member",
  });
  const viewer = new HttpClient(own.baseUrl);
  await viewer.signUp(viewerUser);
  await viewer.mutate("organizationInvitations.accept", { invitationId: invitation.id });
  const session = (await (await viewer.get("/api/auth/get-session")).json()) as { user: { id: string } };
  await ownerClient.mutate("projectPermissions.setProjectMemberRole", {
    projectId: world.project.id,
    userId: session.user.id,
    role: "viewer",
  });

  const { context, page, errors } = await signedInPage(browser, own.baseUrl, viewer, PHONE);
  try {
    await page.goto(`/app/project/${world.project.id}`);
    const picker = page.getByRole("region", { name: "API key in the snippets" });
    await visible(picker.getByText("Project editors and admins can create keys", { exact: false }));
    await hydrated(page.getByRole("tab", { name: "Cursor" }));
    expect(await page.getByRole("button", { name: "Create a key" }).count()).toBe(0);
    // The owner's key is the owner's: a viewer's snippets keep the placeholder.
    expect(await page.getByTestId("guide-claude-code").textContent()).toContain("ptk_your_api_key");
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
