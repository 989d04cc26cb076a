// sitemap.xml and robots.txt, with absolute URLs from the configured BASE_URL. Crawlers get the public
// pages; the signed-in app, the APIs and the OAuth screens stay out of search engines.
import { clientReferences } from "../../lib/client-setup/references.ts";
import { articles, isoDate } from "../../lib/newsroom/articles.ts";

interface SitemapEntry {
  path: string;
  lastmod?: string;
  priority: number;
}

export function sitemapEntries(): SitemapEntry[] {
  return [
    { path: "/", priority: 1 },
    { path: "/use-cases", priority: 0.8 },
    { path: "/integrations", priority: 0.8 },
    { path: "/pricing", priority: 0.9 },
    { path: "/docs", priority: 0.8 },
    ...clientReferences.map((ref) => ({ path: `/docs?ref=${ref}`, priority: 0.6 })),
    { path: "/docs/management-api", priority: 0.6 },
    { path: "/newsroom", priority: 0.5 },
    ...articles.map((article) => ({
      path: `/newsroom/${article.id}`,
      lastmod: isoDate(article.date),
      priority: 0.5,
    })),
    { path: "/our-story", priority: 0.4 },
    { path: "/contact", priority: 0.5 },
    { path: "/support", priority: 0.5 },
    { path: "/tos", priority: 0.2 },
    { path: "/privacy-policy", priority: 0.2 },
  ];
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

export function sitemapXml(baseUrl: string): string {
  const urls = sitemapEntries().map((entry) =>
    [
      "  <url>",
      `    <loc>${escapeXml(`${baseUrl}${entry.path}`)}</loc>`,
      entry.lastmod ? `    <lastmod>${entry.lastmod}</lastmod>` : null,
      `    <priority>${entry.priority.toFixed(1)}</priority>`,
      "  </url>",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /app",
    "Disallow: /api/",
    "Disallow: /oauth/",
    "Disallow: /invitations/",
    "Disallow: /sign-in",
    "Disallow: /sign-up",
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** Answers GET/HEAD /sitemap.xml and /robots.txt; null for every other request. */
export function handleSiteFiles(request: Request, url: URL, baseUrl: string): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const file =
    url.pathname === "/sitemap.xml"
      ? { body: sitemapXml(baseUrl), type: "application/xml; charset=utf-8" }
      : url.pathname === "/robots.txt"
        ? { body: robotsTxt(baseUrl), type: "text/plain; charset=utf-8" }
        : null;
  if (!file) return null;
  return new Response(request.method === "HEAD" ? null : file.body, {
    headers: { "content-type": file.type, "cache-control": "public, max-age=3600" },
  });
}
