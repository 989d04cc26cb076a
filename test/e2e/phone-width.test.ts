// At phone width (390 px): no page scrolls sideways, every table row's actions are on screen without
// scrolling the table, the overview's client tabs wrap, and the landing terminal keeps words whole.
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signUpInto, test } from "./support/browser.ts";
import { STEP_TIMEOUT, visible } from "./support/page-helpers.ts";

const WIDTH = 390;

test("phone width: actions reachable, tabs wrap, terminal words whole", { timeout: 120_000 }, async ({
  page,
  context,
  server,
}) => {
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.setViewportSize({ width: WIDTH, height: 844 });
  const owner = newUser("phone");
  await signUpInto(context, server.baseUrl, owner);
  const http = new HttpClient(server.baseUrl);
  await http.signIn(owner);
  const organization = await http.mutate<{ id: string }>("organization.create", { name: "Pocket Co" });
  const project = await http.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Pocket bot",
  });
  await http.mutate("apiKeys.create", { projectId: project.id, name: "A key with a rather long name" });

  const pages = [
    { path: `/app/project/${project.id}/api-keys`, ready: "Keys" },
    { path: `/app/organization/${organization.id}/integrations`, ready: "Integrations" },
    { path: `/app/organization/${organization.id}/members`, ready: "Members" },
    { path: `/app/project/${project.id}`, ready: "Pocket bot" },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await visible(page.getByRole("heading", { name: ready }).first());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    const offscreen = await page.evaluate(
      (width) =>
        [...document.querySelectorAll("tbody tr button, tbody tr a")]
          .filter((element) => element.getBoundingClientRect().right > width)
          .map((element) => element.textContent),
      WIDTH,
    );
    expect(offscreen, `${path}: actions off screen`).toEqual([]);
  }
  await screenshot(page, "phone-project-overview");
  const tabs = page.getByRole("tablist").first();
  expect(await tabs.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);

  await page.goto("/");
  const terminal = page.locator("pre").first();
  await visible(terminal);
  expect(await terminal.evaluate((element) => getComputedStyle(element).wordBreak)).not.toBe("break-all");
  await screenshot(page, "phone-landing");
});
