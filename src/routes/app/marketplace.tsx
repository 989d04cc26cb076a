import { createFileRoute } from "@tanstack/react-router";
import { MarketplacePage } from "~/components/agents/marketplace-page.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/marketplace")({
  head: () => seo({ title: "Marketplace · Portico", noindex: true }),
  // The organizations are loaded before rendering, as on the dashboard: the shell's scope switcher
  // reads the same query, and server and browser must render it from the same data.
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.ensureQueryData(trpc.organization.getOrganizationsDetails.queryOptions()),
  component: MarketplacePage,
});
