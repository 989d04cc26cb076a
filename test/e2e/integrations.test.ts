// The integrations pages in Chromium: the public catalogue's search and filter, a detail page, and an
// organization owner saving credentials through the editor opened by ?editIntegration — with the
// secret never shown again — while a member only views.
import type { Locator, Page } from "playwright-core";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";

const STEP_TIMEOUT = 15_000;
const visible = (locator: Locator) => locator.waitFor({ state: "visible", timeout: STEP_TIMEOUT });
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: STEP_TIMEOUT, interval: 100 });
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));
async function hydrated(locator: Locator): Promise<Locator> {
  await visible(locator);
  await poll(() => locator.evaluate(isHydrated)).toBe(true);
  return locator;
}
const cards = (page: Page) => page.getByTestId("catalogue-card");
const toastWith = (page: Page, text: string | RegExp) =>
  visible(
    page
      .getByRole("region", { name: /Notifications/ })
      .getByText(text)
      .first(),
  );

test("public catalogue: search, standard-tools filter, coming soon, detail", { timeout: 90_000 }, async ({
  page,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.goto("/integrations");
  await visible(page.getByRole("heading", { level: 1, name: "Integrations" }));
  await poll(() => cards(page).count()).toBe(44);
  await screenshot(page, "integrations-01-catalogue");

  const search = await hydrated(page.getByRole("searchbox", { name: "Search integrations" }));
  await search.fill("outlook");
  await poll(() => cards(page).count()).toBe(2);
  await poll(() => new URL(page.url()).searchParams.get("search")).toBe("outlook");

  await search.fill("dropbox");
  await poll(() => cards(page).count()).toBe(1);
  await expect(cards(page).getByRole("button", { name: "Coming Soon" }).isDisabled()).resolves.toBe(true);

  await search.fill("");
  await page.getByRole("link", { name: "Standard tools" }).click();
  await poll(() => new URL(page.url()).searchParams.get("filter")).toBe("standard-tools");
  await poll(() => cards(page).count()).toBe(5);
  await screenshot(page, "integrations-02-standard-tools");

  await page.getByRole("link", { name: "All", exact: true }).click();
  await poll(() => cards(page).count()).toBe(44);
  await page.getByRole("link", { name: "Connect: Gmail" }).click();
  await visible(page.getByRole("heading", { level: 1, name: "Gmail" }));
  await visible(page.getByText("Draft and send replies"));
  await screenshot(page, "integrations-03-detail");
});

test("organization credentials: owner saves through the editor, the secret is never shown again", {
  timeout: 120_000,
}, async ({ page, browser, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const owner = newUser("int-owner");
  const member = newUser("int-member");
  const api = new HttpClient(server.baseUrl);
  await api.signUp(owner);
  const organization = await api.mutate<{ id: string }>("organization.create", { name: "Integrations Org" });
  const memberApi = new HttpClient(server.baseUrl);
  await memberApi.signUp(member);
  const invitation = await api.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId: organization.id,
    email: member.email,
    role: "member",
  });
  await memberApi.mutate("organizationInvitations.accept", { invitationId: invitation.id });
  await page.context().addCookies(
    api
      .cookieHeader()
      .split("; ")
      .map((pair) => ({
        name: pair.slice(0, pair.indexOf("=")),
        value: pair.slice(pair.indexOf("=") + 1),
        url: server.baseUrl,
      })),
  );

  const secret = "caflou-api-key-e2e-0000009876";
  await page.goto(`/app/organization/${organization.id}/integrations?editIntegration=caflou`);
  const dialog = page.getByRole("dialog", { name: /Caflou · Caflou credentials/ });
  await visible(dialog);
  const save = await hydrated(dialog.getByRole("button", { name: "Save", exact: true }));
  await save.click();
  await visible(dialog.getByText("API Key is required"));
  await visible(dialog.getByText("Account ID is required"));
  await dialog.getByLabel("Base URL").fill("not a url");
  await save.click();
  await visible(dialog.getByText("Base URL must be a valid URL"));
  await screenshot(page, "integrations-04-editor-errors");

  await dialog.getByLabel("API Key").fill(secret);
  await dialog.getByLabel("Account ID").fill("4711");
  await dialog.getByLabel("Base URL").fill("");
  await save.click();
  await toastWith(page, "Caflou API token credentials saved");
  await visible(dialog.getByText(/Saved \(••••9876\)\. Leave empty to keep it/));
  await expect(dialog.getByLabel("API Key").inputValue()).resolves.toBe("");
  await expect(dialog.getByLabel("Base URL").inputValue()).resolves.toBe("https://app.caflou.cz");
  await screenshot(page, "integrations-05-editor-saved");

  await dialog.getByRole("button", { name: "Done" }).click();
  await poll(() => new URL(page.url()).searchParams.has("editIntegration")).toBe(false);
  const row = page.locator('tr[data-integration="caflou"]');
  await visible(row.getByText("API token saved"));
  // A fresh load of the page: the secret is nowhere in the HTML or the dehydrated data.
  await page.reload();
  await visible(row.getByText("API token saved"));
  expect(await page.content()).not.toContain(secret);

  // The member views the same editor read-only.
  const memberContext = await browser.newContext({ baseURL: server.baseUrl });
  await signUpInto(memberContext, server.baseUrl, newUser("unused")).catch(() => undefined);
  await memberContext.clearCookies();
  await memberContext.addCookies(
    memberApi
      .cookieHeader()
      .split("; ")
      .map((pair) => ({
        name: pair.slice(0, pair.indexOf("=")),
        value: pair.slice(pair.indexOf("=") + 1),
        url: server.baseUrl,
      })),
  );
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`/app/organization/${organization.id}/integrations`);
  await hydrated(memberPage.getByRole("button", { name: "View Caflou" }));
  await memberPage.getByRole("button", { name: "View Caflou" }).click();
  const memberDialog = memberPage.getByRole("dialog");
  await visible(memberDialog.getByText(/Saved \(••••9876\)/));
  expect(await memberDialog.getByRole("button", { name: "Save", exact: true }).count()).toBe(0);
  await expect(memberDialog.getByLabel("Account ID").isDisabled()).resolves.toBe(true);
  await screenshot(memberPage, "integrations-06-member-view");
  await memberContext.close();

  // The overview counts what is set up.
  await page.goto(`/app/organization/${organization.id}`);
  await visible(
    page.getByTestId("integrations-counts").getByText(/1 of 19 integrations ready · 1 credential saved/),
  );
  expect(errors).toEqual([]);
});
