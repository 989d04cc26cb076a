import { Link } from "@tanstack/react-router";
import { buttonVariants } from "~/components/ui/button-variants.ts";

/** Default view for unknown paths and `notFound()` (SPEC §2); the server answers it with HTTP 404. */
export function NotFound() {
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <p className="text-7xl font-bold tracking-tight text-primary">404</p>
      <h1 className="text-xl font-semibold">Not Found</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonVariants()}>
        Go Home
      </Link>
    </main>
  );
}
