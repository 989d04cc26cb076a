// The public integration pages over real HTTP against the production build: server-rendered catalogue,
// the standard-tools filter, search, detail pages, and 'Invalid server ID: {id}' for unknown ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrations } from "../../src/integrations/catalogue.ts";
import { HttpClient, hasNoindexMeta } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";

let server: RunningServer;
let visitor: HttpClient;

beforeAll(async () => {
  server = await startServer();
  visitor = new HttpClient(server.baseUrl);
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const cardIds = (html: string) => [...html.matchAll(/data-entry-id="([^"]+)"/g)].map(([, id]) => id);

async function page(path: string) {
  const response = await visitor.get(path);
  return { status: response.status, html: await response.text() };
}

describe("/integrations", () => {
  it("renders the whole catalogue on the server, most popular first, indexable with a canonical link", async () => {
    const { status, html } = await page("/integrations");
    expect(status).toBe(200);
    const ids = cardIds(html);
    expect(ids).toHaveLength(44);
    expect(ids[0]).toBe("gmail");
    expect(ids).toContain("exa");
    expect(ids).toContain("progress-sharefile");
    expect(hasNoindexMeta(html)).toBe(false);
    expect(html).toContain(`<link rel="canonical" href="${server.baseUrl}/integrations"`);
    expect(html).toMatch(/<title>Integrations · Portico<\/title>/);
  });

  it("shows coming-soon tools with a disabled 'Coming Soon' button", async () => {
    const { html } = await page("/integrations?search=dropbox");
    expect(cardIds(html)).toEqual(["dropbox"]);
    expect(html).toMatch(/<button[^>]*disabled[^>]*>Coming Soon<\/button>/);
  });

  it("lists only the standard tools with filter=standard-tools", async () => {
    const { html } = await page("/integrations?filter=standard-tools");
    expect(cardIds(html).sort()).toEqual(
      ["calculator", "current-time", "date-calculator", "time-zone-converter", "web-page-reader"].sort(),
    );
    expect(html).toContain("Standard Tool");
  });

  it("ignores any other filter value", async () => {
    const { status, html } = await page("/integrations?filter=crm");
    expect(status).toBe(200);
    expect(cardIds(html)).toHaveLength(44);
  });

  it("narrows by the search text and says so when nothing matches", async () => {
    expect(cardIds((await page("/integrations?search=jira")).html)).toEqual(["jira"]);
    const none = await page("/integrations?search=zzzz-nothing");
    expect(cardIds(none.html)).toEqual([]);
    expect(none.html).toContain("Show all integrations");
  });

  it("drops the trailing slash", async () => {
    const response = await visitor.get("/integrations/");
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toMatch(/\/integrations$/);
  });
});

describe("brand marks", () => {
  it("shows each integration's mark as a static SVG file, and a letter tile where none is shipped", async () => {
    const { html } = await page("/integrations");
    expect(html).toContain('<img src="/logos/gmail.svg" alt="Gmail logo"');
    // Outlook has no mark in a CC0 package: its tile is drawn inline.
    expect(html).toMatch(/<svg[^>]*aria-label="Outlook Email logo"/);
    const withMark = integrations.filter((entry) => entry.logo.src);
    expect(withMark.map((entry) => entry.id)).toEqual(
      expect.arrayContaining(["gmail", "google-calendar", "jira", "salesforce", "monday"]),
    );
    for (const entry of withMark) {
      const response = await visitor.get(String(entry.logo.src));
      expect(response.status, entry.id).toBe(200);
      expect(response.headers.get("content-type")).toContain("image/svg+xml");
      const svg = await response.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain("CC0-1.0");
      expect(svg).not.toMatch(/<script|on\w+=/i);
    }
  });
});

describe("/integrations/{id}", () => {
  it("renders a known integration with its features, provider and documentation link", async () => {
    const { status, html } = await page("/integrations/google-drive");
    expect(status).toBe(200);
    expect(html).toMatch(/<title>Google Drive integration · Portico<\/title>/);
    expect(html).toContain("Search files by name and content");
    expect(html).toContain("https://developers.google.com/drive/api");
    expect(html).toContain('href="/integrations/gmail"');
    expect(html).toContain(`<link rel="canonical" href="${server.baseUrl}/integrations/google-drive"`);
  });

  it("answers an unknown id with the 404 page and 'Invalid server ID: {id}'", async () => {
    const { status, html } = await page("/integrations/not-a-server");
    expect(status).toBe(404);
    expect(html).toContain("Sorry, this page could not be found.");
    expect(html).toContain("Invalid server ID: not-a-server");
  });

  it("answers the detail query for any visitor without a session", async () => {
    const detail = await visitor.query<{ entry: { id: string }; provider: { authFlows: { id: string }[] } }>(
      "integrations.catalogue.getById",
      { id: "jira" },
    );
    expect(detail.entry.id).toBe("jira");
    expect(detail.provider.authFlows.map((flow) => flow.id)).toEqual(["oauth", "api-token"]);
  });
});
