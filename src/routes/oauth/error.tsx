// Where an application's authorization request ends when it cannot go back to the application (an
// unknown client, an unregistered redirect URI, /oauth/consent opened on its own): a clear page with
// the reason and a way on, instead of the landing page with ?error=.
import { createFileRoute, Link } from "@tanstack/react-router";
import { CircleAlert } from "lucide-react";
import { authorizationErrorCopy } from "~/components/oauth/authorization-errors.ts";
import { OAuthLayout } from "~/components/oauth/oauth-layout.tsx";
import { Button } from "~/components/ui/button.tsx";

export const Route = createFileRoute("/oauth/error")({
  component: AuthorizationErrorPage,
});

function AuthorizationErrorPage() {
  // No validateSearch (route options ship in every page's entry bundle): the values are checked here.
  const search = Route.useSearch() as Record<string, unknown>;
  const error = typeof search.error === "string" ? search.error.slice(0, 64) : undefined;
  const error_description =
    typeof search.error_description === "string" ? search.error_description.slice(0, 300) : undefined;
  const { user } = Route.useRouteContext();
  const copy = authorizationErrorCopy(error);
  return (
    <OAuthLayout
      footer={
        <Link to="/support" className="underline underline-offset-4">
          Contact support
        </Link>
      }
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10">
          <CircleAlert className="size-6 text-destructive" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-semibold tracking-tight">{copy.title}</h1>
        <p className="text-sm text-muted-foreground">{copy.message}</p>
        {error ? (
          <p className="text-xs text-muted-foreground">
            Details for the application's developer: <code>{error}</code>
            {error_description ? ` (${error_description})` : null}
          </p>
        ) : null}
        <Button asChild variant="outline">
          <Link to={user ? "/app/dashboard" : "/"}>{user ? "Go to the dashboard" : "Go Home"}</Link>
        </Button>
      </div>
    </OAuthLayout>
  );
}
