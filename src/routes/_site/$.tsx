import { createFileRoute, notFound } from "@tanstack/react-router";

// Any path nothing else matches: the 404 page (status 404), inside the public site's header and
// footer. The loader is split out of the entry (vite.config.ts), so this route costs the landing page
// only its line in the route tree.
export const Route = createFileRoute("/_site/$")({
  staticData: { queryRuntime: false },
  loader: () => {
    throw notFound();
  },
});
