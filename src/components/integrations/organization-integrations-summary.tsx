// The organization overview's integrations section: credentials saved, integrations ready to use and
// their tool counts, with the way to the integrations page.
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { KeyRound, Plug } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { HeadingLevel } from "~/components/ui/heading-level.tsx";
import { counted } from "~/lib/counted.ts";
import { authFlowLabels } from "~/lib/integrations/providers.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { IntegrationLogo } from "./integration-logo.tsx";

export function OrganizationIntegrationsSummary({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const { data: rows } = useSuspenseQuery(
    trpc.integrations.organizations.getAllOrganizationIntegrationsWithToolCounts.queryOptions({
      organizationId,
    }),
  );
  const { data: credentials } = useSuspenseQuery(
    trpc.integrations.credentials.getOrganizationCredentials.queryOptions({ organizationId }),
  );
  const ready = rows.filter((row) => row.configured);
  const manage = (
    <Button asChild variant="outline" size="sm">
      <Link to="/app/organization/$organizationId/integrations" params={{ organizationId }}>
        <Plug className="size-4" aria-hidden="true" />{" "}
        {credentials.canManage ? "Manage integrations" : "View integrations"}
      </Link>
    </Button>
  );

  return (
    <section className="flex flex-col gap-3" aria-labelledby="integrations-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="integrations-heading" className="text-lg font-semibold">
          Integrations
        </h2>
        {ready.length > 0 ? manage : null}
      </div>
      {ready.length === 0 ? (
        <HeadingLevel>
          <EmptyState
            icon={Plug}
            title="No integrations set up yet"
            description="Save credentials for Google, Microsoft, Jira and others so your projects' agents can reach them."
            action={manage}
          />
        </HeadingLevel>
      ) : (
        <Card>
          <CardContent className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground" data-testid="integrations-counts">
              {ready.length} of {rows.length} integrations ready ·{" "}
              {counted(credentials.credentials.length, "credential")} saved
            </p>
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {ready.map((row) => (
                <li key={row.id} className="flex items-center gap-3 rounded-lg border p-2 text-sm">
                  <IntegrationLogo logo={row.logo} name={row.name} className="size-7" />
                  <span className="flex-1 truncate font-medium">{row.name}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {row.toolCount === null ? "tools once connected" : counted(row.toolCount, "tool")}
                  </span>
                </li>
              ))}
            </ul>
            {credentials.credentials.length > 0 ? (
              <ul className="flex flex-wrap gap-2 text-xs text-muted-foreground">
                {credentials.credentials.map((credential) => (
                  <li
                    key={credential.id}
                    className="inline-flex items-center gap-1 rounded-md border px-2 py-1"
                  >
                    <KeyRound className="size-3" aria-hidden="true" />
                    {credential.providerName} · {authFlowLabels[credential.authFlow]}
                  </li>
                ))}
              </ul>
            ) : null}
          </CardContent>
        </Card>
      )}
    </section>
  );
}
