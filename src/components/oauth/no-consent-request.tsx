import { Link } from "@tanstack/react-router";
import { OAuthLayout } from "./oauth-layout.tsx";

/**
 * /oauth/consent opened on its own (a bookmark, a link, the address typed): there is no application's
 * request to answer, so the page says what it is for instead of sending the browser anywhere.
 */
export function NoConsentRequest({ signedIn }: { signedIn: boolean }) {
  return (
    <OAuthLayout>
      <div className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-xl font-semibold tracking-tight">No application is asking for access</h1>
        <p className="text-sm text-muted-foreground">
          This page opens when an application such as Claude, Cursor or VS Code asks to connect to Portico.
          Start connecting from the application, and it will bring you back here.
        </p>
        <Link
          to={signedIn ? "/app/dashboard" : "/"}
          className="text-sm font-medium underline underline-offset-4"
        >
          {signedIn ? "Go to the dashboard" : "Go Home"}
        </Link>
      </div>
    </OAuthLayout>
  );
}
