// requirements §2 /oauth/success: access was granted. The page says so, then hands the browser back to the
// application (its redirect URI, carrying the authorization code) after a moment; the application
// then finishes on its side and the window can be closed.
import { createFileRoute, Link } from "@tanstack/react-router";
import { CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { clearHandoff, type Handoff, readHandoff } from "~/components/oauth/consent-submit.ts";
import { OAuthLayout } from "~/components/oauth/oauth-layout.tsx";
import { Button } from "~/components/ui/button.tsx";
import { seo } from "~/lib/seo.ts";

/** Long enough to read the confirmation, short enough not to keep the application waiting. */
export const HANDOFF_DELAY_MS = 1500;

export const Route = createFileRoute("/oauth/success")({
  head: () => seo({ title: "Access granted · Portico", noindex: true }),
  component: SuccessPage,
});

function continueTo(handoff: Handoff) {
  clearHandoff();
  window.location.assign(handoff.url);
}

function SuccessPage() {
  // undefined until the browser has been asked (the server cannot see this tab's storage).
  const [handoff, setHandoff] = useState<Handoff | null | undefined>(undefined);

  useEffect(() => {
    const found = readHandoff();
    setHandoff(found);
    if (!found) return;
    const timer = window.setTimeout(() => continueTo(found), HANDOFF_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const clientName = handoff?.clientName || "your application";
  return (
    <OAuthLayout footer="You can close this window once your application shows that it is connected.">
      <div className="flex flex-col items-center gap-4 text-center" aria-live="polite">
        {handoff ? (
          <>
            <div className="flex size-12 items-center justify-center rounded-full bg-primary/10">
              <CircleCheck className="size-6 text-primary" aria-hidden="true" />
            </div>
            <h1 className="text-xl font-semibold tracking-tight">Access granted</h1>
            <p className="text-sm text-muted-foreground">
              {clientName} can now use the tools of{" "}
              <span className="font-medium text-foreground">{handoff.projectName}</span>. Returning you to{" "}
              {clientName}…
            </p>
            <Button onClick={() => continueTo(handoff)}>Continue to {clientName}</Button>
          </>
        ) : handoff === null ? (
          // Only a grant made in this tab leads here; opened any other way there is nothing to confirm.
          <>
            <h1 className="text-xl font-semibold tracking-tight">Nothing to confirm here</h1>
            <p className="text-sm text-muted-foreground">
              This page confirms access right after you allow an application on Portico. To connect one, start
              from the application itself.
            </p>
            <Button asChild variant="outline">
              <Link to="/app/dashboard">Go to the dashboard</Link>
            </Button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Finishing…</p>
        )}
      </div>
    </OAuthLayout>
  );
}
