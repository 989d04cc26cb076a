import { createFileRoute, notFound } from "@tanstack/react-router";

// An unknown path under /app: the 404 page inside the app's shell, not the public site's.
export const Route = createFileRoute("/app/$")({
  loader: () => {
    throw notFound();
  },
});
