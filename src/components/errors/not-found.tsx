import { NOT_FOUND_MESSAGE } from "./error-copy.ts";
import { ErrorView } from "./error-view.tsx";

/**
 * Default view for unknown paths and `notFound()`; the server answers it with HTTP 404. One text for
 * every 404, the error page's (requirements §8), in the error pages' design, inside the layout of the
 * area it happens in.
 */
export function NotFound() {
  return (
    // requirements §2: the default not-found view says 'Not Found'.
    <ErrorView title="404" label="Not Found" message={NOT_FOUND_MESSAGE}>
      <p className="max-w-sm text-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
    </ErrorView>
  );
}
