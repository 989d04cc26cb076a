import { Link } from "@tanstack/react-router";
import { buttonVariants } from "~/components/ui/button-variants.ts";
import { PageLandmark } from "~/components/ui/main-landmark.tsx";
import { NOT_FOUND_MESSAGE } from "./error-copy.ts";

/**
 * Default view for unknown paths and `notFound()`; the server answers it with HTTP 404. One text for
 * every 404, the error page's (requirements §8), inside the layout of the area it happens in.
 */
export function NotFound() {
  return (
    <PageLandmark className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <p className="text-7xl font-bold tracking-tight text-primary">404</p>
      {/* requirements §2: the default not-found view says 'Not Found'. */}
      <p className="text-sm font-medium uppercase tracking-wide text-muted-foreground">Not Found</p>
      <h1 className="text-xl font-semibold">{NOT_FOUND_MESSAGE}</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonVariants()}>
        Go Home
      </Link>
    </PageLandmark>
  );
}
