// A team's first day without a dead end (issue 43, items 7–13), each at 1280 and 390 px with
// screenshots: a failed query says why and offers Retry; the overview's figures say their period and
// agree with billing; dates in the person's zone with UTC on hover, rendered so on the server; the
// agents' own controls and a Run that says why it cannot; tool counts that mean something; the docs
// guide first on a phone; chart labels that fit; the 2FA key's Copy beside it; a public integration
// page that lists its tools.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, Page } from "playwright-core";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { addSessionCookies, expect, screenshot, test } from "./support/browser.ts";
import { hydrated, poll, STEP_TIMEOUT, visible } from "./support/page-helpers.ts";

const WIDTHS = [
  ["1280", { width: 1280, height: 900 }],
  ["390", { width: 390, height: 844 }],
] as const;

interface World {
  owner: HttpClient;
  password: string;
  organizationId: string;
  projectId: string;
  agentId: string;
}

let world: Promise<World> | undefined;

/** One organization with a project, three tool calls in its log and Neo without a credential. */
function worldFor(baseUrl: string): Promise<World> {
  world ??= (async () => {
    const user = newUser("firstday");
    const owner = new HttpClient(baseUrl);
    await owner.signUp(user);
    const organization = await owner.mutate<{ id: string }>("organization.create", { name: "First Day" });
    const project = await owner.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Support desk",
    });
    const key = await owner.mutate<{ secret: string }>("apiKeys.create", {
      projectId: project.id,
      name: "Inspector",
    });
    const client = new Client({ name: "e2e-first-day", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key.secret}` } },
      }),
    );
    for (const expression of ["6 * 7", "2 + 2", "1 +"]) {
      await client.callTool({ name: "calculate", arguments: { expression } });
    }
    await client.close();
    const agent = await owner.mutate<{ id: string }>("projectAgents.addToProject", {
      projectId: project.id,
      presetId: "neo",
    });
    return {
      owner,
      password: user.password,
      organizationId: organization.id,
      projectId: project.id,
      agentId: agent.id,
    };
  })();
  return world;
}

async function open(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
  zone?: string,
) {
  const { owner } = await worldFor(baseUrl);
  const context = await browser.newContext({ baseURL: baseUrl, viewport, timezoneId: zone ?? "UTC" });
  await addSessionCookies(context, baseUrl, owner);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { context, page, errors };
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const [width, viewport] of WIDTHS) {
  test(`a failed query says why and offers Retry, never the transport's text (${width} px)`, async ({
    browser,
    server,
  }) => {
    const { projectId } = await worldFor(server.baseUrl);
    const { context, page } = await open(browser, server.baseUrl, viewport);
    // A proxy in front of Portico answers the call log's first request with an HTML error page: what
    // made tRPC say "Unable to transform response from server".
    let failing = true;
    await page.route(/\/api\/trpc\/.*callLog\.list/, (route) =>
      failing
        ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" })
        : route.continue(),
    );
    await page.goto(`/app/project/${projectId}/calls`);
    const alert = page.getByTestId("query-error");
    await visible(alert);
    expect(await alert.textContent()).toContain("The call log could not be loaded.");
    expect(await alert.textContent()).toContain("The server did not answer properly");
    expect(await page.content()).not.toContain("Unable to transform");
    await screenshot(page, `first-day-07-query-error-${width}`);
    failing = false;
    await (await hydrated(alert.getByRole("button", { name: "Retry" }))).click();
    await visible(page.getByRole("button", { name: "calculate" }).first());
    expect(await alert.count()).toBe(0);
    await context.close();
  });

  test(`the overview's figures say their period and agree with billing (${width} px)`, async ({
    browser,
    server,
  }) => {
    const { projectId, organizationId } = await worldFor(server.baseUrl);
    const { context, page } = await open(browser, server.baseUrl, viewport);
    await page.goto(`/app/project/${projectId}`);
    await visible(page.getByText("Requests, last 14 days"));
    await visible(page.getByText("Errors, last 14 days"));
    const duration =
      (await page.locator('[data-figure="Average duration, last 14 days"]').textContent()) ?? "";
    expect(duration).toMatch(/^(< 0\.1 ms|\d+(\.\d)? ms|\d+(\.\d)? s)$/);
    expect(duration).not.toBe("0 ms");
    const organizationLine = (await page.getByTestId("organization-requests").textContent()) ?? "";
    const counted = Number(/made (\d+) requests?/.exec(organizationLine)?.[1]);
    expect(organizationLine).toContain("this billing period (since ");
    expect(counted).toBeGreaterThanOrEqual(3);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `first-day-08-overview-${width}`);
    await page.goto(`/app/organization/${organizationId}/billing`);
    await visible(page.getByText(`${counted} of`).first());
    await screenshot(page, `first-day-08-billing-${width}`);
    await context.close();
  });

  test(`dates show in the person's zone with UTC on hover, rendered so on the server (${width} px)`, async ({
    browser,
    server,
  }) => {
    const { projectId } = await worldFor(server.baseUrl);
    const { context, page, errors } = await open(browser, server.baseUrl, viewport, "Asia/Tokyo");
    await page.goto(`/app/project/${projectId}/calls`);
    const time = page.locator("time[data-time-zone]").first();
    await visible(page.getByRole("button", { name: "calculate" }).first());
    // The first page of a first visit renders in UTC, then the browser's zone takes over.
    await poll(() => time.getAttribute("data-time-zone")).toBe("Asia/Tokyo");
    const iso = (await time.getAttribute("datetime")) ?? "";
    const expected = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "Asia/Tokyo",
    }).format(new Date(iso));
    expect(await time.textContent()).toBe(expected);
    expect(await time.getAttribute("title")).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} UTC$/);
    // The zone is now a cookie: the server renders the next page in it (no correction, no mismatch).
    // The API keys page renders its table on the server.
    const html = await (await context.request.get(`/app/project/${projectId}/api-keys`)).text();
    expect(html).toContain('data-time-zone="Asia/Tokyo"');
    expect(html).not.toContain('data-time-zone="UTC"');
    await page.reload();
    await visible(page.getByRole("button", { name: "calculate" }).first());
    expect(await time.getAttribute("data-time-zone")).toBe("Asia/Tokyo");
    expect(errors.filter((error) => /hydrat/i.test(error))).toEqual([]);
    await screenshot(page, `first-day-09-dates-${width}`);
    await context.close();
  });

  test(`agents use the app's own controls, and Run says why it cannot start (${width} px)`, async ({
    browser,
    server,
  }) => {
    const { projectId, agentId, organizationId } = await worldFor(server.baseUrl);
    const { context, page } = await open(browser, server.baseUrl, viewport);
    await page.goto(`/app/project/${projectId}/agents/${agentId}/runs`);
    const run = page.getByRole("button", { name: "Run agent" });
    await visible(run);
    expect(await run.isDisabled()).toBe(true);
    await visible(page.getByText("Choose an LLM credential first"));
    expect(await run.getAttribute("aria-describedby")).toBe("run-needs-credential");
    await screenshot(page, `first-day-10-run-disabled-${width}`);

    await page.goto(`/app/project/${projectId}/agents/${agentId}`);
    const form = page.getByRole("form", { name: "Agent configuration" });
    await visible(form.getByRole("combobox", { name: "LLM credential" }));
    await poll(() => form.getByRole("combobox", { name: "LLM credential" }).textContent()).toContain(
      "No credential",
    );
    await visible(form.getByRole("checkbox", { name: /Every server of the project/ }));
    // Radix keeps hidden native controls for form submission (aria-hidden); none is what people use.
    expect(
      await form
        .locator('select:not([aria-hidden="true"]), input[type=checkbox]:not([aria-hidden="true"])')
        .count(),
    ).toBe(0);
    const standard = await hydrated(form.getByRole("checkbox", { name: /Standard tools/ }));
    const before = await standard.getAttribute("aria-checked");
    await form.getByText("Standard tools (time, calculations, web pages)").click();
    await poll(() => standard.getAttribute("aria-checked")).not.toBe(before);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `first-day-10-configure-${width}`);

    await page.goto(`/app/organization/${organizationId}/llm-credentials`);
    await (await hydrated(page.getByRole("button", { name: "Add LLM credential" }).first())).click();
    const dialog = page.getByRole("dialog", { name: "Add LLM credential" });
    await visible(dialog.getByRole("combobox", { name: "Provider" }));
    expect(await dialog.locator('select:not([aria-hidden="true"])').count()).toBe(0);
    await dialog.getByRole("combobox", { name: "Provider" }).click();
    await visible(page.getByRole("option").first());
    await screenshot(page, `first-day-10-credential-dialog-${width}`);
    await context.close();
  });

  test(`integrations say how many tools they offer, never a bare 0 (${width} px)`, async ({
    browser,
    server,
  }) => {
    const { organizationId } = await worldFor(server.baseUrl);
    const { context, page } = await open(browser, server.baseUrl, viewport);
    await page.goto(`/app/organization/${organizationId}/integrations`);
    const raynet = page.locator('tr[data-integration="raynet"]');
    await visible(raynet);
    const counts = page.locator("td[data-tool-count]");
    const texts = await counts.allTextContents();
    expect(texts.length).toBe(19);
    expect(texts.some((text) => text.trim() === "0")).toBe(false);
    expect(await raynet.locator("td[data-tool-count]").textContent()).toMatch(/^\d+ tools$/);
    expect(await page.locator('tr[data-integration="exa"] td[data-tool-count]').textContent()).toBe(
      "Listed once connected",
    );
    if (viewport.width >= 640) await visible(page.getByRole("columnheader", { name: "Tools offered" }));
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `first-day-11-integrations-${width}`);
    await context.close();
  });

  test(`small flaws: docs order, chart labels, the 2FA key's Copy, public tools (${width} px)`, async ({
    browser,
    server,
  }) => {
    const { projectId, password } = await worldFor(server.baseUrl);
    const { context, page } = await open(browser, server.baseUrl, viewport);
    const phone = viewport.width < 640;

    // The in-app guide comes before the list of clients on a phone, beside it on a desktop.
    await page.goto(`/app/project/${projectId}/platform-docs/claude-code`);
    const nav = page.getByRole("navigation", { name: "Client guides" });
    await visible(nav);
    const guide = page.getByText(/claude mcp add/).first();
    await visible(guide);
    const [navBox, guideBox] = [await nav.boundingBox(), await guide.boundingBox()];
    if (!navBox || !guideBox) throw new Error("docs not laid out");
    if (phone) expect(guideBox.y).toBeLessThan(navBox.y);
    else expect(navBox.x).toBeLessThan(guideBox.x);
    await screenshot(page, `first-day-13-docs-${width}`);

    // The chart's day labels are whole and inside the chart.
    await page.goto(`/app/project/${projectId}`);
    const labels = page.locator("[data-day-label]");
    await visible(labels.first());
    const figure = await page.locator("figure").first().boundingBox();
    if (!figure) throw new Error("no chart");
    for (const label of await labels.all()) {
      if (!(await label.isVisible())) continue;
      expect(await label.textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
      const box = await label.boundingBox();
      if (!box) continue;
      expect(box.x).toBeGreaterThanOrEqual(figure.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(figure.x + figure.width + 0.5);
    }
    await screenshot(page, `first-day-13-chart-${width}`);

    // The 2FA setup key's Copy button is on the key's line.
    await page.goto("/app/account");
    const card = page.getByTestId("two-factor-card");
    await (await hydrated(card.getByRole("button", { name: "Set up two-factor authentication" }))).click();
    await card.getByLabel("Confirm your password to start").fill(password);
    await card.getByRole("button", { name: "Continue" }).click();
    const key = card.getByTestId("totp-manual-key");
    await visible(key);
    const copy = card.getByRole("button", { name: "Copy setup key" });
    const [keyBox, copyBox] = [await key.boundingBox(), await copy.boundingBox()];
    if (!keyBox || !copyBox) throw new Error("setup key not laid out");
    expect(copyBox.x).toBeGreaterThanOrEqual(keyBox.x + keyBox.width);
    expect(copyBox.y).toBeLessThan(keyBox.y + keyBox.height);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `first-day-13-two-factor-key-${width}`);

    // The public integration page lists the integration's tools, rendered by the server.
    const html = await (await context.request.get("/integrations/raynet")).text();
    expect(html).toContain("List companies");
    await page.goto("/integrations/raynet");
    const tools = page.getByRole("list", { name: "Tools" });
    await visible(tools.getByText("List companies"));
    expect(await tools.getByRole("listitem").count()).toBeGreaterThan(10);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `first-day-13-public-tools-${width}`);
    await page.goto("/integrations/exa");
    await visible(page.getByText(/publishes these tools from its own MCP server/));
    await context.close();
  });
}
