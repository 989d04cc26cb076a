// External users in the browser, at 1280 and 390 px: the project overview lists them (id, connected
// accounts, last call) with a confirmed delete whose button stays on screen at phone width, and the
// hosted connect page a connect link opens (no Portico login) says which product asks for which
// integration, with its Connect button on screen and no sideways scrolling.
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, STEP_TIMEOUT, toastWith, visible } from "./support/page-helpers.ts";

const LONG_ID = "customer-with-a-rather-long-identifier-0042";
const noSidewaysScroll = (page: import("playwright-core").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

test("external users list and the hosted connect page, at 1280 and 390 px", { timeout: 150_000 }, async ({
  page,
  context,
  browser,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  const owner = newUser("external");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Builder Co" });
  const project = await http.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Inbox copilot",
  });
  await http.mutate("integrations.credentials.saveOrganizationCredential", {
    organizationId: organization.id,
    provider: "google",
    authFlow: "oauth",
    values: {
      clientId: "builder-google-app",
      clientSecret: "builder-google-secret-0123456789",
      redirectUri: `${server.baseUrl}/api/integrations/oauth/callback`,
    },
  });
  await http.mutate("externalUsers.setReturnUrls", {
    projectId: project.id,
    urls: ["https://builder.example/connected"],
  });
  for (const id of ["cus-1", LONG_ID])
    await http.mutate("externalUsers.create", { projectId: project.id, id });
  const link = await http.mutate<{ url: string }>("externalUsers.createConnectLink", {
    projectId: project.id,
    externalUserId: "cus-1",
    integrationId: "gmail",
    returnUrl: "https://builder.example/connected",
  });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/app/project/${project.id}`);
    await visible(page.getByRole("heading", { name: "External users" }));
    const row = page.getByRole("row", { name: new RegExp(LONG_ID) });
    await visible(row);
    await visible(page.getByRole("row", { name: /cus-1/ }).getByText("None"));
    const remove = await hydrated(row.getByRole("button", { name: `Delete ${LONG_ID}` }));
    const box = await remove.boundingBox();
    expect((box?.x ?? width) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, `external-users-list-${width}`);
  }

  // Deleting asks first, then the row goes.
  await (await hydrated(page.getByRole("button", { name: `Delete ${LONG_ID}` }))).click();
  const confirm = page.getByRole("alertdialog");
  await visible(confirm.getByText(LONG_ID));
  await confirm.getByRole("button", { name: "Delete" }).click();
  await toastWith(page, `${LONG_ID} was deleted`);
  await page.getByRole("row", { name: new RegExp(LONG_ID) }).waitFor({ state: "detached" });

  // The connect page, opened by someone with no Portico session.
  const stranger = await browser.newContext();
  const connectPage = await stranger.newPage();
  try {
    for (const width of [1280, 390]) {
      await connectPage.setViewportSize({ width, height: 800 });
      const answer = await connectPage.goto(link.url);
      expect(answer?.status()).toBe(200);
      await visible(connectPage.getByRole("heading", { name: "Connect your Gmail account" }));
      await visible(connectPage.getByText("Inbox copilot (Builder Co) asks to use your Google account"));
      const button = connectPage.getByRole("button", { name: "Connect Google" });
      await visible(button);
      const box = await button.boundingBox();
      expect((box?.x ?? width) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await connectPage.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe(
        "https://builder.example/connected?status=cancelled&external_user_id=cus-1&integration_id=gmail",
      );
      expect(await noSidewaysScroll(connectPage)).toBe(true);
      await screenshot(connectPage, `external-users-connect-page-${width}`);
    }
    // A link that is not (or no longer) usable says so in place.
    const used = await connectPage.goto(`${server.baseUrl}/connect/pxc_${"x".repeat(43)}`);
    expect(used?.status()).toBe(410);
    await visible(connectPage.getByRole("heading", { name: "This link can no longer be used" }));
  } finally {
    await stranger.close();
  }
});
