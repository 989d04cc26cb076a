import { createFileRoute, notFound } from "@tanstack/react-router";

// Any path nothing else matches: the 404 page, inside the public site's header and footer.
export const Route = createFileRoute("/_site/$")({
  loader: () => {
    throw notFound();
  },
});
