// Who is asking: the client's name and logo as it registered them, and what Portico can vouch for —
// the domain serving a client metadata document, or else where the browser will be sent back.
import { AppWindow, BadgeCheck, Check } from "lucide-react";
import { describeScope } from "~/lib/oauth-scopes.ts";

export interface ConsentClient {
  name: string;
  uri: string | null;
  icon: string | null;
  verifiedHost: string | null;
  redirectHosts: string[];
}

export function ClientSummary({ client }: { client: ConsentClient }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {client.icon ? (
        <img src={client.icon} alt="" className="size-12 rounded-lg border object-contain" />
      ) : (
        <div className="flex size-12 items-center justify-center rounded-lg border bg-muted">
          <AppWindow className="size-6 text-muted-foreground" aria-hidden="true" />
        </div>
      )}
      <h1 className="text-xl font-semibold tracking-tight">Allow {client.name} to use Portico?</h1>
      <p className="text-sm text-muted-foreground">
        {client.verifiedHost ? (
          <span className="inline-flex items-center gap-1">
            <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
            Identified by its domain {client.verifiedHost}
          </span>
        ) : (
          <>Returns you to {client.redirectHosts.join(", ") || "the application"} when you are done.</>
        )}
        {client.uri ? (
          <>
            {" "}
            <a
              href={client.uri}
              target="_blank"
              rel="noreferrer noopener"
              className="underline underline-offset-4"
            >
              About this application
            </a>
          </>
        ) : null}
      </p>
    </div>
  );
}

export function ScopeList({ scopes }: { scopes: string[] }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="What it will be able to do">
      {scopes.map((scope) => (
        <li key={scope} className="flex items-start gap-2 text-sm">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>{describeScope(scope)}</span>
        </li>
      ))}
    </ul>
  );
}
