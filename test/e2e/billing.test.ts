// Upgrading an organization through Stripe Checkout in the browser, against the local Stripe fake
// (configured as the SDK's API host): the billing page shows Free's limits and this period's calls,
// Checkout is paid on the fake's hosted page, its signed webhook reaches the server, and the page then
// shows the Start plan, its limits and a new billing period whose chart has the calls made since.
import { type StripeFake, startStripeFake } from "../fakes/stripe.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";
import { screenshot, signUpInto, test } from "./support/browser.ts";
import { hydrated, STEP_TIMEOUT, visible, waitForPath } from "./support/page-helpers.ts";

const WEBHOOK_SECRET = "whsec_e2e_portico";

async function callTool(baseUrl: string, secret: string) {
  const response = await fetch(`${baseUrl}/api/v1/tools/calculate`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({ expression: "6 * 7" }),
  });
  if (response.status !== 200) throw new Error(`tool call answered ${response.status}`);
}

test("upgrade to Start through Checkout and see plan, limits and usage change", { timeout: 180_000 }, async ({
  browser,
}) => {
  let stripe: StripeFake | undefined;
  let server: RunningServer | undefined;
  try {
    stripe = await startStripeFake();
    server = await startServer({
      env: {
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        STRIPE_PRICE_START_MONTHLY: "price_start_monthly",
        STRIPE_PRICE_START_ANNUAL: "price_start_annual",
        STRIPE_PRICE_BUSINESS_MONTHLY: "price_business_monthly",
        STRIPE_PRICE_BUSINESS_ANNUAL: "price_business_annual",
      },
    });
    stripe.setWebhook(`${server.baseUrl}/api/billing/stripe-webhook`, WEBHOOK_SECRET);
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);

    const owner = newUser("billing");
    await signUpInto(context, server.baseUrl, owner);
    const http = new HttpClient(server.baseUrl);
    await http.signIn(owner);
    const organization = await http.mutate<{ id: string }>("organization.create", { name: "Upgrade Inc" });
    const project = await http.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Agent",
    });
    const { secret } = await http.mutate<{ secret: string }>("apiKeys.create", {
      projectId: project.id,
      name: "k",
    });
    for (let index = 0; index < 3; index++) await callTool(server.baseUrl, secret);

    await page.goto(`/app/organization/${organization.id}/billing`);
    await visible(page.getByTestId("current-plan").getByText("Free plan"));
    await visible(page.getByTestId("limit-requests").getByText("3 of 30,000"));
    await visible(page.getByTestId("limit-seats").getByText("1 of 1"));
    await visible(page.getByTestId("limit-projects").getByText("1 of 1"));
    await visible(page.getByRole("img", { name: /3 requests and 0 errors/ }));
    await visible(page.getByText("No invoices yet"));
    await screenshot(page, "billing-free");

    await (await hydrated(page.getByRole("button", { name: "Choose Start" }))).click();
    await visible(page.getByRole("heading", { name: "Pay Portico" }));
    await page.getByRole("button", { name: "Pay" }).click();
    await waitForPath(page, new RegExp(`/app/organization/${organization.id}/billing$`));
    await visible(page.getByText("Payment received"));
    await visible(page.getByTestId("current-plan").getByText("Start plan"));
    await visible(page.getByTestId("limit-seats").getByText("1 of 5"));
    await visible(page.getByTestId("limit-projects").getByText("1 of Unlimited"));
    // Stripe's billing period starts at the payment: a new period, counted from zero.
    await visible(page.getByTestId("limit-requests").getByText("0 of 300,000"));
    await visible(page.getByRole("cell", { name: "FAKE-0001" }));

    for (let index = 0; index < 2; index++) await callTool(server.baseUrl, secret);
    await page.reload();
    await visible(page.getByRole("img", { name: /2 requests and 0 errors/ }));
    await screenshot(page, "billing-start");
    await context.close();
  } finally {
    await server?.stop();
    await stripe?.close();
  }
});
