// The public site over HTTP against the production build: every page answers 200 with its content in
// the server's HTML and its metadata, /docs rejects an unknown ref with 400, an unknown newsroom article
// is a 404, and sitemap.xml / robots.txt use the configured base URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAUNCH_ARTICLE_PATH, publicPages } from "../e2e/support/site-pages.ts";
import { HttpClient, hasNoindexMeta } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";

let server: RunningServer;
let anonymous: HttpClient;

beforeAll(async () => {
  server = await startServer();
  anonymous = new HttpClient(server.baseUrl);
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

const metaContent = (html: string, attribute: "name" | "property", key: string) =>
  new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*content="([^"]*)"`).exec(html)?.[1] ??
  new RegExp(`<meta[^>]*content="([^"]*)"[^>]*${attribute}="${key}"`).exec(html)?.[1];

describe("public pages", () => {
  it.each(publicPages)(
    "$path renders its content on the server, with metadata",
    async ({ path, content }) => {
      const response = await anonymous.get(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      const text = decode(html);
      for (const expected of content) expect(text, expected).toContain(expected);
      expect(html).toMatch(/<title>[^<]*Portico<\/title>/);
      expect(metaContent(html, "name", "description")).toBeTruthy();
      expect(metaContent(html, "name", "keywords")).toBeTruthy();
      expect(metaContent(html, "property", "og:title")).toBeTruthy();
      expect(metaContent(html, "name", "twitter:card")).toBeTruthy();
      const canonical = /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(html)?.[1];
      expect(canonical?.startsWith(server.baseUrl)).toBe(true);
      expect(hasNoindexMeta(html)).toBe(false);
    },
  );

  it("gives the landing page and the article a large social card", async () => {
    for (const path of ["/", LAUNCH_ARTICLE_PATH]) {
      const html = await (await anonymous.get(path)).text();
      expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
      expect(metaContent(html, "property", "og:image")).toBe(`${server.baseUrl}/social-card.png`);
    }
    const image = await anonymous.get("/social-card.png");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/image\/png/);
  });
});

describe("/docs ref", () => {
  it("accepts each client reference", async () => {
    for (const ref of ["claude-code", "n8n", "microsoft-foundry", "openapi-rest"]) {
      const response = await anonymous.get(`/docs?ref=${ref}`);
      expect(response.status, ref).toBe(200);
      expect(await response.text()).toContain(`${server.baseUrl}/`);
    }
  });

  it("rejects an unknown reference with 400, listing the valid ones", async () => {
    const response = await anonymous.get("/docs?ref=notepad");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(decode(html)).toContain('There is no setup guide for "notepad".');
    expect(html).toContain("visual-studio-code");
    expect(hasNoindexMeta(html)).toBe(true);
  });
});

describe("/use-cases search", () => {
  it("filters on the server", async () => {
    const text = decode(await (await anonymous.get("/use-cases?search=brevo")).text());
    expect(text).toContain("Campaign results");
    expect(text).not.toContain("Weekly pipeline review");
  });
});

describe("newsroom", () => {
  it("answers an unknown article with the not-found page and 404", async () => {
    const response = await anonymous.get("/newsroom/not-an-article");
    expect(response.status).toBe(404);
    expect(decode(await response.text())).toContain("Sorry, this page could not be found.");
  });
});

describe("pricing", () => {
  it("still renders for a visitor, from the plans compiled into the page", async () => {
    const text = decode(await (await anonymous.get("/pricing")).text());
    expect(text).toContain("$34");
    expect(text).toContain("Start Free");
  });
});

describe("site files", () => {
  it("serves sitemap.xml with absolute URLs from BASE_URL", async () => {
    const response = await anonymous.get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await response.text();
    expect(xml).toContain(`<loc>${server.baseUrl}/pricing</loc>`);
    expect(xml).toContain(`<loc>${server.baseUrl}${LAUNCH_ARTICLE_PATH}</loc>`);
    expect(xml).not.toContain("/app");
  });

  it("serves robots.txt that keeps /app out", async () => {
    const response = await anonymous.get("/robots.txt");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^Disallow: \/app$/m);
    expect(text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
  });
});
