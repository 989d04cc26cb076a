// Page metadata (requirements §1): title, description, keywords, canonical link, social card tags and the
// company link, as TanStack Router `head()` output. Use in a route: `head: () => seo({ title: "…" })`.
export const SITE_NAME = "Portico";
export const SITE_TWITTER = "@portico";
export const DEFAULT_SOCIAL_IMAGE = "/social-card.png";

export interface SeoInput {
  title: string;
  description?: string;
  keywords?: string | readonly string[];
  /** Absolute URL or a path under the site, e.g. "/social-card.png". */
  image?: string;
  /** Path of the canonical page, e.g. "/pricing"; made absolute with the base URL. */
  canonicalPath?: string;
  noindex?: boolean;
  /** Origin used for absolute URLs; from the client config (route context) when available. */
  baseUrl?: string;
}

type MetaTag = { title: string } | { name: string; content: string } | { property: string; content: string };
interface LinkTag {
  rel: string;
  href: string;
}

const absolute = (pathOrUrl: string, baseUrl: string | undefined) =>
  /^https?:\/\//.test(pathOrUrl) || !baseUrl ? pathOrUrl : new URL(pathOrUrl, `${baseUrl}/`).toString();

/** Full page title: "Pricing · Portico"; the product name alone stays as it is. */
export function pageTitle(title: string): string {
  return title === SITE_NAME || title.endsWith(`· ${SITE_NAME}`) ? title : `${title} · ${SITE_NAME}`;
}

export function seo(input: SeoInput): { meta: MetaTag[]; links: LinkTag[] } {
  const title = pageTitle(input.title);
  const keywords = typeof input.keywords === "string" ? input.keywords : input.keywords?.join(", ");
  const image = input.image ? absolute(input.image, input.baseUrl) : undefined;
  const canonical =
    input.canonicalPath !== undefined ? absolute(input.canonicalPath, input.baseUrl) : undefined;

  const meta: MetaTag[] = [
    { title },
    { property: "og:title", content: title },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:site", content: SITE_TWITTER },
  ];
  if (input.description) {
    meta.push(
      { name: "description", content: input.description },
      { property: "og:description", content: input.description },
      { name: "twitter:description", content: input.description },
    );
  }
  if (keywords) meta.push({ name: "keywords", content: keywords });
  if (image) meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (canonical) meta.push({ property: "og:url", content: canonical });
  if (input.noindex) meta.push({ name: "robots", content: "noindex, nofollow" });

  const company = input.baseUrl ? `${input.baseUrl}/` : "/";
  const links: LinkTag[] = [
    { rel: "author", href: company },
    { rel: "publisher", href: company },
  ];
  if (canonical) links.push({ rel: "canonical", href: canonical });
  return { meta, links };
}
