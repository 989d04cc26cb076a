// The signed-in person's own account: name, email, password, two-factor sign-in, sessions, connected
// accounts (their own connections to providers) and deletion.
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, useRouterState } from "@tanstack/react-router";
import { ConnectedAccountsCard } from "~/components/account/connected-accounts/connected-accounts-card.tsx";
import { DeleteAccountCard } from "~/components/account/delete-account-card.tsx";
import { EmailCard } from "~/components/account/email-card.tsx";
import { NameCard } from "~/components/account/name-card.tsx";
import { PasswordCard } from "~/components/account/password-card.tsx";
import { SessionsCard } from "~/components/account/sessions-card.tsx";
import { TwoFactorCard } from "~/components/account/two-factor/two-factor-card.tsx";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { BusySkeletons } from "~/components/ui/skeleton.tsx";
import { seo } from "~/lib/seo.ts";
import type { RouterOutputs } from "~/lib/trpc.ts";

export const Route = createFileRoute("/app/account")({
  head: () => seo({ title: "Your account · Portico", noindex: true }),
  staticData: { crumb: "Account" },
  component: AccountPage,
});

function AccountPage() {
  const { trpc } = Route.useRouteContext();
  // Set by the link that confirms a changed address; read here, not by a route search validator, which
  // would add to every page's first load.
  const query = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const emailChanged = String(query.emailChanged) === "1" && !query.error;
  // Set by the way back from connecting one's own account (?connected=<provider>#connected-accounts).
  const connectedProvider = typeof query.connected === "string" && query.connected ? query.connected : null;
  // Loaded in the component (no route loader): route options are part of every page's first load.
  const { data: account, error } = useQuery(trpc.account.get.queryOptions());
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader
        title="Your account"
        description="Your name, sign-in details, sessions and connected accounts."
      />
      <FormAlert message={error ? errorMessage(error) : null} />
      <FormAlert message={query.error ? INVALID_CONFIRMATION_LINK : null} />
      {account ? (
        <AccountCards account={account} emailChanged={emailChanged} />
      ) : error ? null : (
        <AccountSkeleton />
      )}
      {/* Loads on its own, in a place that stays put while the cards above load. */}
      <ConnectedAccountsCard connectedProvider={connectedProvider} pageReady={Boolean(account || error)} />
      {account ? (
        <DeleteAccountCard email={account.email} soleOwned={account.soleOwnedOrganizations} />
      ) : null}
    </div>
  );
}

const INVALID_CONFIRMATION_LINK =
  "That confirmation link is invalid or has expired, so your email address has not changed. Ask for a new link below.";

function AccountCards({
  account,
  emailChanged,
}: {
  account: RouterOutputs["account"]["get"];
  emailChanged: boolean;
}) {
  return (
    <>
      <NameCard key={account.name} name={account.name} />
      <EmailCard email={account.email} justChanged={emailChanged} />
      <PasswordCard />
      <TwoFactorCard enabled={account.twoFactorEnabled} email={account.email} />
      <SessionsCard sessions={account.sessions} />
    </>
  );
}

function AccountSkeleton() {
  return (
    <BusySkeletons
      sizes={["h-44 w-full rounded-xl", "h-44 w-full rounded-xl", "h-44 w-full rounded-xl"]}
      className="gap-6"
    />
  );
}
