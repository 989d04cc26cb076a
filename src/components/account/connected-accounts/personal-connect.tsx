// /app/connect/<integration>?organization=<id>&personal=1: where a personal-mode server's connect
// prompt ("Connect your Google account to use gmail_search_messages…") sends the person. It names the
// organization and the integration, says that agents will act as them with the account, and connects
// only on a click: a link in an agent's message must never start a grant by itself.
import { useQuery } from "@tanstack/react-query";
import { Link, useRouteContext } from "@tanstack/react-router";
import { Plug } from "lucide-react";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { ConnectionStatusBadge } from "~/components/integrations/connection-status-badge.tsx";
import { IntegrationLogo } from "~/components/integrations/integration-logo.tsx";
import { Button } from "~/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { providers } from "~/lib/integrations/providers.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { CONNECTED_ACCOUNTS_ID } from "./connected-accounts-card.tsx";
import { integrationEntryOf } from "./provider-logo.ts";
import { NOT_A_MEMBER_MESSAGE, usePersonalConnect } from "./use-personal-connect.ts";
import { UsedBy } from "./used-by.tsx";

export function PersonalConnect({
  integrationId,
  organizationId,
}: {
  integrationId: string;
  organizationId: string;
}) {
  const entry = integrationEntryOf(integrationId);
  if (!entry) {
    return (
      <div className="flex max-w-2xl flex-col gap-6">
        <PageHeader title="Connect your account" />
        <EmptyState
          icon={Plug}
          title="This link names no integration Portico knows"
          description={`There is no integration called "${integrationId}". Ask whoever sent the link for a new one, or see your connected accounts.`}
          action={<AccountLink label="Your connected accounts" />}
        />
      </div>
    );
  }
  const provider = providers[entry.provider].name;
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader
        // The header truncates its title to one line; this one wraps, so a phone shows all of it.
        title={<span className="whitespace-normal">Connect your {provider} account</span>}
        description={`A project's ${entry.name} server uses each person's own ${provider} account, not one shared by the organization.`}
      />
      <ConnectCard entry={entry} organizationId={organizationId} provider={provider} />
    </div>
  );
}

type Entry = NonNullable<ReturnType<typeof integrationEntryOf>>;

function ConnectCard({
  entry,
  organizationId,
  provider,
}: {
  entry: Entry;
  organizationId: string;
  provider: string;
}) {
  const trpc = useTRPC();
  const { user } = useRouteContext({ from: "/app" });
  const { data, error: loadError } = useQuery(trpc.integrations.connections.getMyConnections.queryOptions());
  const { connect, opening, error, twoFactorRequired } = usePersonalConnect(organizationId);

  if (loadError) return <FormAlert message={errorMessage(loadError)} />;
  if (!data) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    );
  }
  const organization = data.find((item) => item.organizationId === organizationId);
  if (!organization) {
    return (
      <Card>
        <CardContent className="flex flex-col gap-4">
          <FormAlert message={NOT_A_MEMBER_MESSAGE} />
          <p className="text-sm text-muted-foreground">
            You are signed in as <span className="font-medium text-foreground">{user.email}</span>. If the
            link was meant for another of your accounts, sign out and sign in with that one.
          </p>
        </CardContent>
        <CardFooter>
          <Button asChild variant="outline">
            <Link to="/app/dashboard">Go to the dashboard</Link>
          </Button>
        </CardFooter>
      </Card>
    );
  }

  const existing = organization.connections.find((connection) => connection.provider === entry.provider);
  const servers =
    existing?.usedBy ??
    organization.waiting.find((waiting) => waiting.provider === entry.provider)?.usedBy ??
    [];
  const organizationName = organization.organizationName;
  return (
    <Card data-testid="personal-connect">
      <CardHeader>
        <div className="flex items-center gap-3">
          <IntegrationLogo logo={entry.logo} name={entry.name} className="size-9" />
          <div className="flex min-w-0 flex-col gap-1.5">
            <CardTitle className="break-words">
              {entry.name} in {organizationName}
            </CardTitle>
            <CardDescription>Your own {provider} account, for you only</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 pt-2 text-sm">
        <p>
          In <strong className="font-semibold">{organizationName}</strong>, {entry.name} works with each
          person's own {provider} account. Once you connect yours, agents and apps acting as you in its
          projects use it: they read and act in your {provider} account as you, never anyone else's.
        </p>
        <UsedBy servers={servers} provider={provider} />
        <ul className="flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
          <li>You sign in at {provider} and approve access there, then come back to your account page.</li>
          <li>You can disconnect it from your account page at any time.</li>
        </ul>
        {existing ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2">
            <span>
              You connected <span className="font-medium">{existing.displayName}</span> already.
            </span>
            <ConnectionStatusBadge status={existing.status} />
            <span className="basis-full text-muted-foreground">
              {existing.statusReason ? `${existing.statusReason} ` : null}Connecting again replaces it.
            </span>
          </div>
        ) : null}
        <FormAlert message={error} />
        {twoFactorRequired ? (
          <Link to="/app/account" hash="two-factor" className="font-medium underline underline-offset-4">
            Set up two-factor authentication
          </Link>
        ) : null}
      </CardContent>
      <CardFooter className="flex-wrap pt-2">
        <Button disabled={opening} onClick={() => connect(entry.id)}>
          {opening ? `Opening ${provider}…` : existing ? `Connect ${provider} again` : `Connect ${provider}`}
        </Button>
        <AccountLink label="Not now" variant="ghost" />
      </CardFooter>
    </Card>
  );
}

function AccountLink({ label, variant = "outline" }: { label: string; variant?: "outline" | "ghost" }) {
  return (
    <Button asChild variant={variant}>
      <Link to="/app/account" hash={CONNECTED_ACCOUNTS_ID}>
        {label}
      </Link>
    </Button>
  );
}
