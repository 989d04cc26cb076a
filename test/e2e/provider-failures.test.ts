// Issue 43 item 4 at 1280 and 390 px: when a provider cannot be reached, the editor says what failed in
// place — connecting HubSpot whose sign-in host refuses connections stays on Portico with the cause and
// leaves no "Pending" row; saving Raynet credentials against a refused address names the refusal.
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { freePort, type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { hydrated, toastWith, visible } from "./support/page-helpers.ts";

const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

let own: RunningServer;
let closed: string;

beforeAll(async () => {
  // Nothing listens on this port: every provider address below refuses the connection.
  closed = `127.0.0.1:${await freePort()}`;
  own = await startServer({
    env: {
      ALLOW_PRIVATE_URLS: "true",
      INTEGRATION_ENDPOINTS: JSON.stringify({
        hubspot: {
          authorizeUrl: `http://${closed}/oauth/authorize`,
          tokenUrl: `http://${closed}/oauth/v1/token`,
          apiBaseUrl: `http://${closed}`,
        },
        raynet: { apiBaseUrl: `http://${closed}/api/v2` },
      }),
    },
  });
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await own?.stop();
});

async function openEditor(page: Page, organizationId: string, integrationId: string, title: RegExp) {
  await page.goto(`/app/organization/${organizationId}/integrations?editIntegration=${integrationId}`);
  const dialog = page.getByRole("dialog", { name: title });
  await visible(dialog);
  return dialog;
}

for (const viewport of viewports) {
  test(`an unreachable provider is named in place at ${viewport.width} px`, { timeout: 120_000 }, async ({
    browser,
  }) => {
    const owner = new HttpClient(own.baseUrl);
    await owner.signUp(newUser(`failures-${viewport.width}`));
    const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Failures Co" });
    const { context, page, errors } = await signedInPage(browser, own.baseUrl, owner, viewport);
    try {
      const hubspot = await openEditor(page, organization.id, "hubspot", /HubSpot · HubSpot credentials/);
      await (await hydrated(hubspot.getByLabel("Client ID"))).fill("failures-hubspot-app");
      await hubspot.getByLabel("Client secret").fill("failures-hubspot-secret-0001");
      await hubspot.getByRole("button", { name: "Save", exact: true }).click();
      await toastWith(page, "HubSpot OAuth credentials saved");
      await hubspot.getByRole("button", { name: "Connect HubSpot" }).click();
      const connection = hubspot.getByRole("region", { name: "Connection" });
      const alert = connection.getByRole("alert");
      await visible(alert);
      expect(await alert.textContent()).toContain(
        `HubSpot's sign-in page could not be reached: ${closed} refused the connection`,
      );
      // Still on Portico, and nothing waits for a consent that cannot come.
      expect(new URL(page.url()).host).toBe(new URL(own.baseUrl).host);
      expect(await connection.getByText("Pending", { exact: true }).count()).toBe(0);
      const connections = await owner.query<unknown[]>(
        "integrations.connections.getOrganizationConnections",
        {
          organizationId: organization.id,
        },
      );
      expect(connections).toEqual([]);
      await screenshot(page, `provider-failures-hubspot-${viewport.width}`);

      const raynet = await openEditor(page, organization.id, "raynet", /Raynet CRM · Raynet credentials/);
      await (await hydrated(raynet.getByLabel("Email"))).fill("ops@failures.test");
      await raynet.getByLabel("API Key").fill("raynet-failures-key-00001");
      await raynet.getByLabel("Namespace").fill("failures");
      await raynet.getByRole("button", { name: "Save", exact: true }).click();
      const refusal = raynet.getByRole("alert").filter({ hasText: "refused the connection" });
      await visible(refusal);
      expect(await refusal.textContent()).toContain(closed);
      await screenshot(page, `provider-failures-raynet-${viewport.width}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
