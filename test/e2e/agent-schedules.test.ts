// The schedule editor on an agent's runs page, at 1280 and 390 px: a cron expression the server refuses
// is explained beside its field, a weekly schedule is added and listed in words with its time zone and
// who it runs as, then paused and removed behind a confirmation.
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { hydrated, toastWith, visible } from "./support/page-helpers.ts";

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`@${width}: add a schedule (a wrong cron explained in place), pause it, remove it`, {
    timeout: 120_000,
  }, async ({ browser, server }) => {
    const owner = new HttpClient(server.baseUrl);
    await owner.signUp(newUser(`schedules-${width}`));
    const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Schedules" });
    const project = await owner.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Reports",
    });
    const agent = await owner.mutate<{ id: string }>("projectAgents.addToProject", {
      projectId: project.id,
      presetId: "neo",
    });
    const { context, page, errors } = await signedInPage(browser, server.baseUrl, owner, { width, height });
    try {
      await page.goto(`/app/project/${project.id}/agents/${agent.id}/runs`);
      const card = page.getByRole("form", { name: "New schedule" });
      await visible(page.getByText("No schedule yet"));

      // A cron expression the shared rules accept (five fields) but cron-parser does not.
      await (await hydrated(card.getByRole("combobox", { name: "Repeats" }))).click();
      await page.getByRole("option", { name: "Cron expression" }).click();
      await card.getByLabel("Cron expression").fill("61 9 * * 1");
      await card.getByLabel("Time zone").fill("Europe/Prague");
      await card.getByLabel("Scheduled request").fill("Weekly status report for the team");
      await card.getByRole("button", { name: "Add schedule" }).click();
      const cron = card.getByLabel("Cron expression");
      await visible(card.getByText(/Use five fields: minute, hour/));
      expect(await cron.getAttribute("aria-invalid")).toBe("true");
      await screenshot(page, `agent-schedules-${width}-cron-error`);

      // Weekly on Monday at 08:30 instead.
      await card.getByRole("combobox", { name: "Repeats" }).click();
      await page.getByRole("option", { name: "Every week" }).click();
      await card.getByRole("combobox", { name: "Day" }).click();
      await page.getByRole("option", { name: "Monday" }).click();
      await card.getByLabel("Time", { exact: true }).fill("08:30");
      await card.getByRole("button", { name: "Add schedule" }).click();
      await toastWith(page, "Schedule added");
      const listed = page.getByRole("list", { name: "Schedules" }).getByRole("listitem");
      await visible(listed.getByText("Every Monday at 08:30"));
      await visible(listed.getByText("(Europe/Prague)"));
      await visible(listed.getByText(/Runs as .* · next /));
      await screenshot(page, `agent-schedules-${width}-listed`);

      await listed.getByRole("button", { name: "Pause" }).click();
      await visible(listed.getByText("Paused"));
      await listed.getByRole("button", { name: "Resume" }).click();
      await visible(listed.getByRole("button", { name: "Pause" }));

      await listed.getByRole("button", { name: "Remove" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Remove schedule" });
      await confirm.getByRole("button", { name: "Remove" }).click();
      await toastWith(page, "Schedule removed");
      await visible(page.getByText("No schedule yet"));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
