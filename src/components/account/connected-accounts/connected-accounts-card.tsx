// The account page's "Connected accounts": the person's own connections to providers in each of their
// organizations, which personal-mode servers use when an agent or app acts as them, and the ones those
// servers still wait for. After connecting, the provider sends the person back here with
// ?connected=<provider>#connected-accounts: the outcome is said at the top of the section.
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Link2, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { useHeadingTag } from "~/components/ui/heading-level.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { StatusNotice } from "~/components/ui/status-notice.tsx";
import { providers } from "~/lib/integrations/providers.ts";
import type { ProviderId } from "~/lib/integrations/types.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { ConnectionItem } from "./connection-item.tsx";
import type { MyOrganizationConnections } from "./types.ts";
import { WaitingItem } from "./waiting-item.tsx";

export const CONNECTED_ACCOUNTS_ID = "connected-accounts";

export function ConnectedAccountsCard({
  connectedProvider,
  pageReady,
}: {
  /** The provider named by ?connected= (just back from connecting it), if any. */
  connectedProvider: string | null;
  /** The cards above have their final height, so scrolling to this section lands where it stays. */
  pageReady: boolean;
}) {
  const trpc = useTRPC();
  const { data, error } = useQuery(trpc.integrations.connections.getMyConnections.queryOptions());
  const section = useRef<HTMLElement>(null);
  const scrolled = useRef(false);

  // The browser scrolled to #connected-accounts on load, before the cards above it had loaded and grown.
  useEffect(() => {
    if (scrolled.current || !pageReady || (!data && !error)) return;
    scrolled.current = true;
    if (window.location.hash === `#${CONNECTED_ACCOUNTS_ID}`)
      section.current?.scrollIntoView({ block: "start" });
  }, [pageReady, data, error]);

  const shown = data?.filter(
    (organization) => organization.connections.length + organization.waiting.length > 0,
  );

  return (
    <section
      ref={section}
      id={CONNECTED_ACCOUNTS_ID}
      aria-labelledby="connected-accounts-title"
      className="scroll-mt-20"
      data-testid="connected-accounts"
    >
      <Card>
        <CardHeader>
          <CardTitle id="connected-accounts-title">Connected accounts</CardTitle>
          <CardDescription>
            Your own accounts at Google, Microsoft and others. Where a project's server uses each person's own
            account, agents and apps acting as you use these.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 pt-2">
          {connectedProvider && data ? (
            <ConnectedNotice provider={connectedProvider} organizations={data} />
          ) : null}
          <FormAlert message={error ? errorMessage(error) : null} />
          {shown ? (
            shown.length === 0 ? (
              <EmptyState
                icon={Link2}
                title="No connected accounts yet"
                description="A project's server can use each person's own account instead of the organization's (personal mode), so agents acting as you read and write as you. When one of your projects does, you connect your account here."
                className="py-8"
              />
            ) : (
              shown.map((organization) => (
                <OrganizationConnections key={organization.organizationId} organization={organization} />
              ))
            )
          ) : error ? null : (
            <div
              className="flex flex-col gap-2"
              role="status"
              aria-busy="true"
              aria-label="Loading connected accounts"
            >
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-28 w-full rounded-lg" />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function OrganizationConnections({ organization }: { organization: MyOrganizationConnections }) {
  const Heading = useHeadingTag();
  return (
    <div className="flex flex-col gap-2" data-testid="connected-accounts-organization">
      <Heading className="text-sm font-semibold">In {organization.organizationName}</Heading>
      <ul className="flex flex-col gap-2">
        {organization.connections.map((connection) => (
          <ConnectionItem
            key={connection.id}
            organizationId={organization.organizationId}
            organizationName={organization.organizationName}
            connection={connection}
          />
        ))}
        {organization.waiting.map((waiting) => (
          <WaitingItem
            key={waiting.provider}
            organizationId={organization.organizationId}
            waiting={waiting}
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * How connecting went. The provider sends the person back here whether or not it worked, so the
 * outcome is read from their connections to that provider: the one connected last.
 */
function ConnectedNotice({
  provider,
  organizations,
}: {
  provider: string;
  organizations: MyOrganizationConnections[];
}) {
  const navigate = useNavigate();
  const latest = organizations
    .flatMap((organization) =>
      organization.connections
        .filter((connection) => connection.provider === provider)
        .map((connection) => ({ connection, organizationName: organization.organizationName })),
    )
    .sort(
      (a, b) => new Date(b.connection.updatedAt).getTime() - new Date(a.connection.updatedAt).getTime(),
    )[0];
  // The notice tells how the connecting went, as it stood on return: once the connection changes here
  // (renamed, disconnected), it has nothing more to say.
  const state = latest ? `${latest.connection.id}@${String(latest.connection.updatedAt)}` : "none";
  const onReturn = useRef(state);
  if (onReturn.current !== state) return null;
  if (!latest) {
    // No connection was made (the provider refused, or the person said no there).
    if (!Object.hasOwn(providers, provider)) return null;
    const name = providers[provider as ProviderId].name;
    return <FormAlert message={`Your ${name} account was not connected. Please try again.`} />;
  }
  const { connection, organizationName } = latest;
  if (connection.status === "error" || connection.status === "inactive") {
    return (
      <FormAlert
        message={`Your ${connection.providerName} account was not connected in ${organizationName}${connection.statusReason ? `: ${connection.statusReason}` : "."}`}
      />
    );
  }
  // "Google account (petr@acme.test)" when the account it reaches is known.
  const account = `${connection.providerName} account${connection.accountLabel ? ` (${connection.accountLabel})` : ""}`;
  const dismiss = () =>
    void navigate({ to: "/app/account", hash: CONNECTED_ACCOUNTS_ID, replace: true, resetScroll: false });
  return (
    <StatusNotice tone="success" data-testid="connected-notice">
      <span className="flex-1">
        {connection.status === "active"
          ? `Your ${account} is connected in ${organizationName}. Agents and apps acting as you there can use it now.`
          : `Your ${account} is connected in ${organizationName}, with one step left: ${connection.statusReason ?? "see below"}`}
      </span>
      <Button
        variant="ghost"
        size="icon-sm"
        className="-my-1 size-7 shrink-0"
        aria-label="Dismiss"
        onClick={dismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </StatusNotice>
  );
}
