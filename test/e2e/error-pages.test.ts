// Every route of the app and the public site that takes an id, visited with an id that names nothing
// (and, for nested routes, a real parent with a missing child): each answers an error status with the
// error page's one design, never 200 with the framework's generic "Something went wrong!" view. The
// routes are read from src/routes, so a new route with a parameter is visited without editing this file.
import { readdirSync } from "node:fs";
import path from "node:path";
import { HttpClient } from "../support/http-client.ts";
import { newUser } from "../support/users.ts";
import { expect, screenshot, signedInPage, test } from "./support/browser.ts";
import { visible } from "./support/page-helpers.ts";

const routesDir = path.resolve(import.meta.dirname, "../../src/routes");

/** URL patterns of the file routes, e.g. "/app/project/$projectId/agents/$agentId". */
function routePatterns(): string[] {
  const files = readdirSync(routesDir, { recursive: true, encoding: "utf8" }).filter((file) =>
    /\.tsx$/.test(file),
  );
  const patterns = files.map((file) =>
    `/${file.replace(/\.(lazy\.)?tsx$/, "")}`
      .split("/")
      .filter((part) => part !== "route" && part !== "index" && !part.startsWith("_") && part !== "")
      .join("/"),
  );
  return [...new Set(patterns.map((pattern) => `/${pattern}`))].filter(
    (pattern) => pattern.includes("$") && !pattern.endsWith("/$"),
  );
}

const MISSING = "no-such-id";

test("every route with a bad id answers an error status in the error page's design", {
  timeout: 240_000,
}, async ({ browser, server }) => {
  const owner = new HttpClient(server.baseUrl);
  await owner.signUp(newUser("bad-ids"));
  const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Bad Ids" });
  const project = await owner.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Probe",
  });
  const real: Record<string, string> = { organizationId: organization.id, projectId: project.id };

  const urls = new Set<string>();
  for (const pattern of routePatterns()) {
    const params = [...pattern.matchAll(/\$(\w+)/g)].map((match) => match[1] as string);
    // All params missing, then each param missing under real parents (those before it).
    urls.add(pattern.replace(/\$\w+/g, MISSING));
    params.forEach((_param, index) => {
      if (index === 0) return;
      const before = params.slice(0, index);
      if (!before.every((name) => real[name])) return;
      let url = pattern;
      for (const name of params)
        url = url.replace(`$${name}`, before.includes(name) ? (real[name] ?? "") : MISSING);
      urls.add(url);
    });
  }
  urls.add("/docs?ref=no-such-client");
  urls.add("/no/such/page");
  urls.add("/app/no/such/page");
  expect(urls.size).toBeGreaterThan(15);
  const problems: string[] = [];

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const { context, page } = await signedInPage(browser, server.baseUrl, owner, viewport);
    for (const url of urls) {
      const response = await page.goto(url);
      const status = response?.status() ?? 0;
      const where = `${url} at ${viewport.width} px`;
      if (status < 400 || status >= 500) problems.push(`${where}: HTTP ${status}`);
      // An invitation link explains itself on its own card (requirements §2: a failed invitation load is
      // tolerated), with the status; everything else is the error page.
      if (url.startsWith("/invitations/")) {
        await visible(page.getByText("This invitation is not available"));
        continue;
      }
      // The error page's design: its status, its heading, the ways out.
      const shown = await page
        .getByTestId("error-status")
        .textContent({ timeout: 5_000 })
        .catch(() => null);
      if (shown !== String(status)) problems.push(`${where}: error page shows ${shown} for HTTP ${status}`);
      // Hydrated, the page stays what the server sent (no client-side fall into the generic view).
      await page.waitForLoadState("networkidle");
      if ((await page.getByText("Something went wrong!").count()) > 0) {
        problems.push(`${where}: the generic error view`);
      }
    }
    await visible(page.getByRole("button", { name: "Go Back" }));
    await visible(page.getByRole("link", { name: "Go Home" }));
    await screenshot(page, `error-pages-app-404-${viewport.width}`);
    await page.goto(`/integrations/${MISSING}`);
    await visible(page.getByText(`Invalid server ID: ${MISSING}`));
    await screenshot(page, `error-pages-site-404-${viewport.width}`);
    await context.close();
  }
  expect(problems).toEqual([]);
});
