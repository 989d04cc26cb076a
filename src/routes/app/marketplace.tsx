import { createFileRoute } from "@tanstack/react-router";
import { MarketplacePage } from "~/components/agents/marketplace-page.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/marketplace")({
  head: () => seo({ title: "Marketplace · Portico", noindex: true }),
  // No loader: loader code ships in every page's entry bundle; the page's queries suspend instead.
  component: MarketplacePage,
});
