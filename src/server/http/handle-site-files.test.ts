import { describe, expect, it } from "vitest";
import { handleSiteFiles, robotsTxt, sitemapXml } from "./handle-site-files.ts";

const base = "https://portico.example.com";

describe("site files", () => {
  it("lists every public page with absolute URLs", () => {
    const xml = sitemapXml(base);
    for (const path of [
      "/",
      "/use-cases",
      "/pricing",
      "/docs",
      "/docs/management-api",
      "/newsroom",
      "/our-story",
      "/contact",
      "/support",
      "/tos",
      "/privacy-policy",
    ]) {
      expect(xml).toContain(`<loc>${base}${path}</loc>`);
    }
    expect(xml).toContain(`<loc>${base}/docs?ref=claude-code</loc>`);
    expect(xml).toContain(`<loc>${base}/newsroom/portico-launches-mcp-integration-platform</loc>`);
    expect(xml).not.toContain("/app");
    expect(xml.match(/<url>/g)).toHaveLength(11 + 1 + 13 + 1);
  });

  it("keeps the app out of crawlers and points to the sitemap", () => {
    const robots = robotsTxt(base);
    expect(robots).toMatch(/^Disallow: \/app$/m);
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
  });

  it("answers only GET and HEAD for the two paths", async () => {
    const get = handleSiteFiles(new Request(`${base}/robots.txt`), new URL(`${base}/robots.txt`), base);
    expect(get?.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await get?.text()).toContain("User-agent: *");
    const head = handleSiteFiles(
      new Request(`${base}/sitemap.xml`, { method: "HEAD" }),
      new URL(`${base}/sitemap.xml`),
      base,
    );
    expect(head?.status).toBe(200);
    expect(await head?.text()).toBe("");
    expect(
      handleSiteFiles(
        new Request(`${base}/sitemap.xml`, { method: "POST" }),
        new URL(`${base}/sitemap.xml`),
        base,
      ),
    ).toBeNull();
    expect(handleSiteFiles(new Request(`${base}/pricing`), new URL(`${base}/pricing`), base)).toBeNull();
  });
});
