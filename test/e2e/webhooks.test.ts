// Organization settings → Webhooks in Chromium, at 1280 and 390 px: an owner adds an endpoint (a blank
// URL is refused in place), copies its one-time signing secret, sends a test event that the receiver
// (verifying with the `standardwebhooks` library) answers 500, reads that attempt's status and body on
// the page, redelivers, and sees the delivery succeed; nothing scrolls sideways at phone width, and axe
// finds nothing serious at either width. An agent's page sends its runs' results to a webhook: the form
// opens filtered to that agent, with agent.run.finished only.
import { afterAll, beforeAll } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { axeFindings, describeFindings, failing } from "./support/axe.ts";
import { addSessionCookies, expect, screenshot, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, visible } from "./support/page-helpers.ts";

let own: RunningServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receiver listens on 127.0.0.1: private addresses are allowed on this test server only.
  own = await startServer({ env: { ALLOW_PRIVATE_URLS: "true" } });
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await own?.stop();
  await receiver?.close();
});

test("webhooks: add an endpoint, send a test event, read the failed attempt, redeliver", {
  timeout: 180_000,
}, async ({ browser }) => {
  const owner = new HttpClient(own.baseUrl);
  await owner.signUp(newUser("webhooks-owner"));
  const { id: organizationId } = await owner.mutate<{ id: string }>("organization.create", {
    name: "Hooks Org",
  });
  const context = await browser.newContext({ baseURL: own.baseUrl, viewport: { width: 1280, height: 900 } });
  await addSessionCookies(context, own.baseUrl, owner);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);

  await page.goto(`/app/organization/${organizationId}`);
  await (await hydrated(page.getByRole("link", { name: "Webhooks" }))).click();
  await visible(page.getByRole("heading", { name: "Webhooks", level: 1 }));
  expect(await page.title()).toBe("Webhooks · Portico");
  await visible(page.getByText("No webhook endpoints yet"));

  await (await hydrated(page.getByRole("button", { name: "Add endpoint" }).first())).click();
  const form = page.getByRole("form", { name: "Webhook endpoint" });
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await visible(form.getByText("Enter the URL that receives the events"));
  await form.getByLabel("URL").fill(`${receiver.url}/hook`);
  await form.getByLabel("Description (optional)").fill("Our backend");
  receiver.plans.set("/hook", [500, 200]);
  await form.getByRole("button", { name: "Add endpoint" }).click();

  const secretField = page.getByLabel("New signing secret");
  await visible(secretField);
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_/);
  receiver.secrets.set("/hook", secret);
  // Read but not copied: closing asks first, as for API keys.
  await page.getByRole("button", { name: "Done" }).click();
  await visible(page.getByRole("heading", { name: "Did you copy the signing secret?" }));
  await page.getByRole("button", { name: "Close without copying" }).click();

  const card = page.locator('[data-testid^="endpoint-"]');
  await visible(card.getByText(`${receiver.url}/hook`));
  await visible(card.getByText("Our backend"));
  await card.getByRole("button", { name: "Send test event" }).click();
  const delivery = card.locator('[data-testid^="delivery-"]').first();
  await visible(delivery.getByText("webhook.test", { exact: true }));
  await visible(delivery.getByText("retrying", { exact: true }));
  await delivery.getByText("Payload and attempts").click();
  await visible(delivery.getByText("HTTP 500", { exact: true }));
  await visible(delivery.getByText('{"error":"planned 500"}', { exact: true }));
  expect(receiver.received.at(-1)).toMatchObject({ verified: true, answered: 500 });
  await screenshot(page, "webhooks-retrying-1280");

  await delivery.getByRole("button", { name: "Redeliver" }).click();
  await visible(delivery.getByText("succeeded", { exact: true }));
  await visible(delivery.getByText("HTTP 200", { exact: true }));
  expect(receiver.received.map((r) => [r.verified, r.answered])).toEqual([
    [true, 500],
    [true, 200],
  ]);
  await screenshot(page, "webhooks-delivered-1280");
  const wide = failing(await axeFindings(page, "webhooks with deliveries @1280"));
  expect(wide, describeFindings(wide)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/organization/${organizationId}/webhooks`);
  await (await hydrated(card.getByRole("button", { name: "Deliveries" }))).click();
  await visible(card.locator('[data-testid^="delivery-"]').first().getByText("succeeded", { exact: true }));
  await card.locator('[data-testid^="delivery-"]').first().getByText("Payload and attempts").click();
  await visible(card.getByText("HTTP 500", { exact: true }));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  await screenshot(page, "webhooks-390");

  // An agent's page offers its runs' results to a webhook: the form opens filtered to that agent.
  const { id: projectId } = await owner.mutate<{ id: string }>("project.create", {
    organizationId,
    name: "Support desk",
  });
  const { id: agentId } = await owner.mutate<{ id: string }>("projectAgents.addToProject", {
    projectId,
    presetId: "neo",
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/app/project/${projectId}/agents/${agentId}`);
  await (await hydrated(page.getByRole("link", { name: "Send results to a webhook" }))).click();
  const agentForm = page.getByRole("form", { name: "Webhook endpoint" });
  await visible(agentForm);
  expect(
    await agentForm.getByRole("checkbox", { name: /agent\.run\.finished/ }).getAttribute("aria-checked"),
  ).toBe("true");
  expect(
    await agentForm.getByRole("checkbox", { name: /connection\.broken/ }).getAttribute("aria-checked"),
  ).toBe("false");
  await visible(agentForm.getByRole("combobox", { name: "Project" }).getByText("Support desk"));
  await agentForm.getByLabel("URL").fill(`${receiver.url}/agent`);
  await agentForm.getByRole("button", { name: "Add endpoint" }).click();
  await visible(page.getByLabel("New signing secret"));
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Close without copying" }).click();
  await visible(page.getByText(/only project Support desk, agent /));
  // axe reads colours as drawn: a dialog still fading out fails contrast, so it must be gone first.
  await page.getByRole("dialog").waitFor({ state: "detached" });
  const narrow = failing(await axeFindings(page, "webhooks with deliveries @390"));
  expect(narrow, describeFindings(narrow)).toEqual([]);
  await poll(() => receiver.received.length).toBe(2);
  await context.close();
});
