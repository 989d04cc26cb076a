// "New Outlook mail" triggers on an agent's runs page, at 1280 and 390 px, against a production server
// whose Microsoft endpoints are local fakes (OAuth, and Graph written from its reference): without an
// Outlook connection the choice is listed disabled with the reason; once the project's Outlook Email is
// connected, adding the trigger subscribes the Inbox (Graph's validation request reaches the server over
// HTTP), the row shows the subscription's expiry, and Graph's notification of a new message starts a
// run listed under Past runs.
import { afterAll, beforeAll } from "vitest";
import { type LlmFake, startLlmFake } from "../fakes/llm-providers.ts";
import { newMessageNotification, sendNotification } from "../fakes/microsoft-graph/subscriptions.ts";
import { MAILBOX, startFakeMicrosoftGraph } from "../fakes/microsoft-graph.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { hydrated, toastWith, visible } from "./support/page-helpers.ts";

const OPENAI_KEY = "sk-e2e-outlook-0123456789";
const MICROSOFT_APP = { clientId: "e2e-entra-app", clientSecret: "e2e-entra-secret-0123456789" };

const running = {} as {
  server: RunningServer;
  llm: LlmFake;
  oauth: Awaited<ReturnType<typeof startFakeOAuthProvider>>;
  graph: Awaited<ReturnType<typeof startFakeMicrosoftGraph>>;
};
beforeAll(async () => {
  running.llm = await startLlmFake();
  running.llm.validKeys.add(OPENAI_KEY);
  running.oauth = await startFakeOAuthProvider({
    clients: { [MICROSOFT_APP.clientId]: MICROSOFT_APP.clientSecret },
    expiresIn: 3600,
  });
  running.graph = await startFakeMicrosoftGraph((token) => running.oauth.issued.includes(token));
  // The test server runs on http://127.0.0.1, where Graph would insist on https.
  running.graph.requireHttps = false;
  running.server = await startServer({
    env: {
      LLM_ENDPOINTS: running.llm.endpoints,
      INTEGRATION_ENDPOINTS: JSON.stringify({
        microsoft: {
          authorizeUrl: running.oauth.authorizeUrl,
          tokenUrl: running.oauth.tokenUrl,
          apiBaseUrl: running.graph.base,
        },
      }),
    },
  });
}, SERVER_HOOK_TIMEOUT);
afterAll(async () => {
  await running.server?.stop();
  await Promise.all([running.llm?.close(), running.oauth?.close(), running.graph?.close()]);
});

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`@${width}: new Outlook mail is offered once Outlook is connected, and new mail starts a run`, {
    timeout: 180_000,
  }, async ({ browser }) => {
    const { server, llm, oauth, graph } = running;
    const owner = new HttpClient(server.baseUrl);
    await owner.signUp(newUser(`outlook-${width}`));
    const { id: organizationId } = await owner.mutate<{ id: string }>("organization.create", {
      name: "Mailroom",
    });
    const project = await owner.mutate<{ id: string }>("project.create", { organizationId, name: "Support" });
    await owner.mutate("llmCredentials.saveOrganizationLlmCredential", {
      organizationId,
      values: { llmType: "openai", name: "OpenAI", apiKey: OPENAI_KEY },
    });
    const agent = await owner.mutate<{ id: string }>("projectAgents.addToProject", {
      projectId: project.id,
      presetId: "neo",
    });
    const { context, page, errors } = await signedInPage(browser, server.baseUrl, owner, { width, height });
    try {
      // No Outlook Email in the project: listed, disabled, with the reason beside the field.
      await page.goto(`/app/project/${project.id}/agents/${agent.id}/runs`);
      const form = page.getByRole("form", { name: "New trigger" });
      await visible(form.getByText(/New Outlook mail is unavailable: Add Outlook Email to this project/));
      await (await hydrated(form.getByLabel("Called by"))).click();
      const option = page.getByRole("option", { name: "New Outlook mail" });
      await visible(option);
      expect(await option.getAttribute("aria-disabled")).toBe("true");
      await screenshot(page, `outlook-trigger-${width}-unavailable`);
      await page.keyboard.press("Escape");

      // Microsoft connected through its (fake) consent, then Outlook Email added to the project.
      await owner.mutate("integrations.credentials.saveOrganizationCredential", {
        organizationId,
        provider: "microsoft",
        authFlow: "oauth",
        values: { ...MICROSOFT_APP, redirectUri: `${server.baseUrl}/api/integrations/oauth/callback` },
      });
      const { authorizeUrl } = await owner.mutate<{ authorizeUrl: string }>(
        "integrations.connections.startOAuth",
        {
          organizationId,
          integrationId: "outlook-email",
        },
      );
      const callback = await owner.request(await oauth.approve(authorizeUrl), { redirect: "manual" });
      expect(callback.status).toBe(302);
      await owner.mutate("projectServers.addServer", {
        projectId: project.id,
        integrationId: "outlook-email",
      });

      await page.reload();
      await (await hydrated(form.getByLabel("Called by"))).click();
      await page.getByRole("option", { name: "New Outlook mail" }).click();
      await visible(form.getByText(/Each new message in the Inbox/));
      await form.getByLabel("Name").fill("Support inbox");
      await form.getByLabel("Request for each delivery").fill("Sort this e-mail");
      await form.getByRole("button", { name: "Add trigger" }).click();
      await toastWith(page, "new Inbox mail now starts a run");
      const row = page.getByRole("list", { name: "Webhook triggers" }).getByRole("listitem");
      await visible(row.getByText(/Watching the Inbox · subscription until/));
      expect(await row.getByRole("button", { name: "Regenerate URL" }).count()).toBe(0);
      await screenshot(page, `outlook-trigger-${width}-watching`);

      // Graph notifies the server of a new message (over HTTP, with the subscription's clientState).
      const subscription = graph.subscriptions.at(-1);
      if (!subscription) throw new Error("Graph has no subscription");
      const messageId = `AAMkE2E${width}=`;
      graph.messages.push({
        id: messageId,
        folderId: "AQMkInbox",
        subject: `Refund for order ${width}`,
        from: "Jana Dvorak <jana@customer.test>",
        to: [MAILBOX.address],
        text: "Please refund.",
        receivedDateTime: "2026-12-02T08:00:00Z",
        isRead: false,
        conversationId: `conv-${width}`,
        internetMessageId: `<refund-${width}@customer.test>`,
      });
      llm.script([
        { text: "Sort a refund e-mail." },
        { text: '{"servers":["standard"]}' },
        { text: "1. Sort it" },
        { text: "A refund request: for billing." },
      ]);
      const delivered = await sendNotification(
        graph,
        subscription.notificationUrl,
        newMessageNotification(subscription, messageId),
      );
      expect(delivered.status).toBe(202);
      await expect
        .poll(
          async () => {
            await page.reload();
            return page
              .getByRole("list", { name: "Past runs" })
              .getByText(/Completed/)
              .count();
          },
          { timeout: 30_000 },
        )
        .toBe(1);
      await screenshot(page, `outlook-trigger-${width}-run`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
