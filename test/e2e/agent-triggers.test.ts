// Webhook triggers on an agent's runs page, at 1280 and 390 px: a trigger without a name is explained
// beside its field; a new trigger's URL (with its secret) is shown once in a dialog with its warning,
// which asks before closing uncopied; the URL works for a POST (a wrong secret is refused), and is gone
// after a reload; the run it started is listed with the
// origin "Webhook" and shows its prompt tokens beside what listing every tool would have cost.
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { serverWithLlmFake } from "./support/llm-server.ts";
import { hydrated, toastWith, visible } from "./support/page-helpers.ts";

const OPENAI_KEY = "sk-e2e-triggers-0123456789";
const llm = serverWithLlmFake(OPENAI_KEY);

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`@${width}: add a trigger, copy its URL shown once, start a run with it`, {
    timeout: 150_000,
  }, async ({ browser }) => {
    const { server, fake } = llm;
    const owner = new HttpClient(server.baseUrl);
    await owner.signUp(newUser(`triggers-${width}`));
    const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Triggers" });
    const project = await owner.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Support desk",
    });
    await owner.mutate("llmCredentials.saveOrganizationLlmCredential", {
      organizationId: organization.id,
      values: { llmType: "openai", name: "OpenAI", apiKey: OPENAI_KEY },
    });
    // With one credential in the organization, Neo is ready to run as soon as it is added.
    const agent = await owner.mutate<{ id: string }>("projectAgents.addToProject", {
      projectId: project.id,
      presetId: "neo",
    });
    const { context, page, errors } = await signedInPage(browser, server.baseUrl, owner, { width, height });
    try {
      await page.goto(`/app/project/${project.id}/agents/${agent.id}/runs`);
      await visible(page.getByText("No trigger yet"));
      const form = page.getByRole("form", { name: "New trigger" });
      await (await hydrated(form.getByLabel("Request for each delivery"))).fill("Triage this ticket");
      await form.getByRole("button", { name: "Add trigger" }).click();
      const name = form.getByLabel("Name");
      await visible(form.getByText(/Name the trigger/));
      expect(await name.getAttribute("aria-invalid")).toBe("true");

      await name.fill("Zendesk tickets");
      await form.getByRole("button", { name: "Add trigger" }).click();
      await toastWith(page, "Trigger added");
      const dialog = page.getByRole("dialog");
      await visible(dialog.getByText(/not shown again/));
      await visible(dialog.getByText("For Zendesk tickets", { exact: false }));
      const url = await dialog.getByLabel("New Trigger URL").inputValue();
      expect(url).toMatch(/\/api\/agent-triggers\/[^/]+\/[A-Za-z0-9_-]{43}$/);
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, "the dialog fits").toBe(true);
      await screenshot(page, `agent-triggers-${width}-url-once`);
      await page.keyboard.press("Escape");
      await visible(page.getByRole("heading", { name: "Did you copy the trigger URL?" }));
      await page.getByRole("button", { name: "Close without copying" }).click();
      await dialog.waitFor({ state: "detached" });
      await visible(page.getByRole("list", { name: "Webhook triggers" }).getByText("Zendesk tickets"));

      const wrong = await fetch(url.replace(/[^/]+$/, "x".repeat(43)), { method: "POST", body: "{}" });
      expect(wrong.status).toBe(401);
      fake.script([
        { text: "Triage a support ticket." },
        { text: '{"servers":["standard"]}' },
        { text: "1. Compute the refund with calculate" },
        { toolCalls: [{ name: "calculate", args: { expression: "40 * 0.5" } }] },
        { text: "Ticket 42: refund of 20 approved." },
      ]);
      const delivery = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-delivery-id": `ticket-42-${width}` },
        body: JSON.stringify({ ticket: { id: 42, subject: "Refund" } }),
      });
      expect(delivery.status).toBe(202);

      // Shown once: after a reload the URL is not on the page, the run it started is.
      await page.reload();
      await visible(page.getByText("Zendesk tickets"));
      expect(await page.getByLabel("New Trigger URL").count()).toBe(0);
      const run = page
        .getByRole("list", { name: "Past runs" })
        .getByRole("button", { name: /Triage this ticket/ });
      await visible(run);
      await expect
        .poll(
          async () => {
            await page.reload();
            return page
              .getByRole("list", { name: "Past runs" })
              .getByText(/Completed/)
              .count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      await visible(page.getByRole("list", { name: "Past runs" }).getByText(/Webhook/));
      await page
        .getByRole("list", { name: "Past runs" })
        .getByRole("button", { name: /Triage this ticket/ })
        .click();
      await visible(page.getByText("Ticket 42: refund of 20 approved."));
      await visible(page.getByTestId("token-economy"));
      await screenshot(page, `agent-triggers-${width}-run`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
