// How forms and destructive actions answer a person using the keyboard: a refused submit moves focus to
// the first error (or to the form's alert), failures are explained where the user is looking (not only
// in a toast, and not in fetch's own words), and a confirmation dialog that asks for a name starts in
// that field, confirms with Enter, cancels with Escape and gives focus back to what opened it.
import type { Page } from "playwright-core";
import { CONNECTION_MESSAGE } from "~/components/errors/error-copy.ts";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, visible, waitForPath } from "./support/page-helpers.ts";

/** Name (or text) of the focused element and whether it is marked invalid. */
const focusOf = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase(),
      name: element?.getAttribute("name") ?? element?.textContent?.trim() ?? "",
      invalid: element?.getAttribute("aria-invalid") === "true",
    };
  });

/** Makes every tRPC mutation fail as if the network were down, until the returned function is called. */
async function failMutations(page: Page): Promise<() => Promise<void>> {
  const pattern = "**/api/trpc/**";
  await page.route(pattern, (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  return () => page.unroute(pattern);
}

test("auth forms: focus goes to the first invalid field, then to the refusal", async ({ page, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.goto("/sign-up");
  const create = await hydrated(page.getByRole("button", { name: "Create account" }));
  await create.click();
  await poll(() => focusOf(page)).toEqual({ tag: "input", name: "name", invalid: true });
  await page.getByLabel("Name").fill("Ada Lovelace");
  await create.click();
  await poll(() => focusOf(page)).toEqual({ tag: "input", name: "email", invalid: true });

  // A refusal from the server names no field: focus goes to the alert that says what happened.
  const user = newUser("focus");
  await new HttpClient(server.baseUrl).signUp(user);
  await page.goto("/sign-in");
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByLabel("Password").press("Enter");
  await visible(page.getByRole("alert"));
  await poll(() => focusOf(page)).toEqual({ tag: "div", name: "Invalid email or password", invalid: false });
});

test("confirm dialogs and settings forms: keyboard first, failures explained in place", {
  timeout: 90_000,
}, async ({ page, context, server }) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const owner = newUser("confirm");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Careful Co" });
  const project = await http.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Doomed bot",
  });

  // The settings form: an empty name focuses the field; a failed save says so above the fields.
  await page.goto(`/app/project/${project.id}/settings`);
  // The General form's Save (the page has others, such as the connect links' return URLs).
  const general = page.locator("form").filter({ has: page.getByLabel("Project name") });
  const save = await hydrated(general.getByRole("button", { name: "Save", exact: true }));
  await page.getByLabel("Project name").fill("");
  await save.click();
  await visible(page.getByText("Project name is required"));
  await poll(async () => (await focusOf(page)).invalid).toBe(true);
  await page.getByLabel("Project name").fill("Renamed bot");
  const restore = await failMutations(page);
  await save.click();
  const formAlert = general.getByRole("alert");
  await poll(() => formAlert.textContent()).toBe(CONNECTION_MESSAGE);
  await poll(() => focusOf(page)).toMatchObject({ tag: "div", name: CONNECTION_MESSAGE });
  await screenshot(page, "form-feedback-settings-failed");

  // Deleting: the dialog starts in the name field; Escape cancels and gives focus back to the trigger.
  const trigger = page.getByRole("button", { name: "Delete project" });
  await trigger.click();
  const dialog = page.getByRole("alertdialog", { name: "Delete project" });
  await visible(dialog);
  await poll(() => focusOf(page)).toMatchObject({ tag: "input" });
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  await poll(() => trigger.evaluate((element) => element === document.activeElement)).toBe(true);

  // Typed name + Enter confirms; a failure is shown in the dialog, which stays open for a retry.
  await page.keyboard.press("Enter");
  await visible(dialog);
  await page.keyboard.type("Doomed bot");
  await page.keyboard.press("Enter");
  await poll(() => dialog.getByRole("alert").textContent()).toBe(CONNECTION_MESSAGE);
  await screenshot(page, "form-feedback-delete-failed");
  await restore();
  await page.keyboard.press("Enter");
  await waitForPath(page, new RegExp(`^/app/organization/${organization.id}$`));
  await visible(page.getByRole("heading", { level: 1, name: "Careful Co" }));
  expect(await page.locator("main").getByText("Doomed bot").count()).toBe(0);

  // The organization's dialog counts its projects in words ("project(s)" before).
  await page.goto(`/app/organization/${organization.id}/settings`);
  await (await hydrated(page.getByRole("button", { name: "Delete organization" }))).click();
  await visible(
    page.getByRole("alertdialog").getByText("Its 0 projects and every member's access go with it."),
  );
});

test("a page still loading keeps the app around it and says it is loading", async ({
  page,
  context,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const owner = newUser("slow");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Slow Co" });
  await page.goto(`/app/organization/${organization.id}`);
  const sidebarLink = await hydrated(page.getByRole("link", { name: "Integrations" }).first());
  // The integrations page loads its data while rendering (no loader); hold that data back a while.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/trpc/integrations.**", async (route) => {
    await held;
    await route.continue();
  });
  await sidebarLink.click();
  await visible(page.getByRole("status").filter({ hasText: "Loading…" }));
  // The shell stayed: before, the whole window went blank until the data came.
  await visible(page.getByRole("link", { name: "Members" }).first());
  await screenshot(page, "form-feedback-page-pending");
  release();
  await visible(page.getByRole("heading", { level: 1, name: "Integrations" }));
  expect(await page.getByTestId("page-pending").count()).toBe(0);
});

test("integration credentials: saving empty fields focuses the first one", async ({
  page,
  context,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const owner = newUser("creds");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Keyless Co" });
  await page.goto(`/app/organization/${organization.id}/integrations?editIntegration=gmail`);
  const dialog = page.getByRole("dialog");
  await (await hydrated(dialog.getByRole("button", { name: "Save", exact: true }))).click();
  await visible(dialog.getByText("Client ID is required"));
  await poll(() => focusOf(page)).toMatchObject({ tag: "input", invalid: true });
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(
    await dialog.getByLabel("Client ID").getAttribute("id"),
  );
});
