// For OAuth providers in the connect dialog: exactly how to register the OAuth app whose client ID and
// secret go in the form — the redirect URI to paste (with a copy button), the provider's developer
// console, what to do there and the scopes to enable.

import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { QueryError } from "~/components/errors/query-error.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import type { ProviderId } from "~/lib/integrations/types.ts";
import { useTRPC } from "~/lib/trpc.ts";

export function OAuthAppGuide({ provider, redirectUri }: { provider: ProviderId; redirectUri: string }) {
  const trpc = useTRPC();
  const guideQuery = useQuery(trpc.oauthAppGuide.get.queryOptions({ provider }));
  const { data: guide, error } = guideQuery;

  return (
    <section
      aria-label="Register the OAuth app"
      className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3 text-sm"
    >
      <h3 className="font-medium">Register the OAuth app</h3>
      <ol className="flex list-decimal flex-col gap-3 pl-5">
        <li>
          {guide?.console ? (
            <>
              Open{" "}
              <a
                href={guide.console.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-medium underline underline-offset-4"
              >
                {guide.console.name} <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
              . {guide.console.steps}
            </>
          ) : (
            "Register an OAuth app in the provider's developer settings."
          )}
        </li>
        <li>
          <div className="flex flex-col gap-1.5">
            <span>Paste this redirect URI there, exactly as it is:</span>
            <span className="flex items-center gap-2">
              <Input
                readOnly
                value={redirectUri}
                aria-label="Callback address to register"
                className="font-mono text-xs"
              />
              <CopyButton text={redirectUri} label="callback address" />
            </span>
          </div>
        </li>
        <li>
          <div className="flex flex-col gap-1.5">
            <span>Enable these scopes:</span>
            {error ? (
              <QueryError
                what="The scopes"
                error={error}
                onRetry={() => guideQuery.refetch()}
                retrying={guideQuery.isFetching}
              />
            ) : !guide ? (
              <Skeleton className="h-5 w-2/3" />
            ) : guide.scopes.length === 0 ? (
              <span className="text-muted-foreground">None to choose: the app's own settings decide.</span>
            ) : (
              <ul className="flex flex-wrap gap-1.5" aria-label="Scopes to enable">
                {guide.scopes.map((scope) => (
                  <li key={scope}>
                    <code className="rounded bg-muted px-1.5 py-0.5 text-xs break-all">{scope}</code>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </li>
        <li>Copy the app's client ID and client secret into the fields below and save.</li>
      </ol>
    </section>
  );
}
