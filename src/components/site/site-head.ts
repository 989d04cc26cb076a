// A public page's head: its SEO tags with the canonical and social-card URLs made absolute on this
// instance's own address (the client config in the route context), so each page states only its words.
import { type SeoInput, seo } from "~/lib/seo.ts";

interface HeadContext {
  match: { context: { clientConfig: { baseUrl: string } } };
}

export function siteHead(input: Omit<SeoInput, "baseUrl">) {
  return ({ match }: HeadContext) => seo({ ...input, baseUrl: match.context.clientConfig.baseUrl });
}
