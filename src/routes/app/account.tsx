// The signed-in person's own account: name, email, password, sessions and deletion.
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { DeleteAccountCard } from "~/components/account/delete-account-card.tsx";
import { EmailCard } from "~/components/account/email-card.tsx";
import { NameCard } from "~/components/account/name-card.tsx";
import { PasswordCard } from "~/components/account/password-card.tsx";
import { SessionsCard } from "~/components/account/sessions-card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/account")({
  // Set by the link that confirms a changed email address.
  // No zod here: route options are part of the first-load bundle (see ARCHITECTURE.md, landing budget).
  validateSearch: (search: Record<string, unknown>): { emailChanged?: 1 } =>
    String(search.emailChanged) === "1" ? { emailChanged: 1 } : {},
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.ensureQueryData(trpc.account.get.queryOptions()),
  head: () => seo({ title: "Your account · Portico", noindex: true }),
  staticData: { crumb: "Account" },
  pendingComponent: AccountSkeleton,
  component: AccountPage,
});

function AccountPage() {
  const { trpc } = Route.useRouteContext();
  const { emailChanged } = Route.useSearch();
  const { data: account } = useSuspenseQuery(trpc.account.get.queryOptions());
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader title="Your account" description="Your name, sign-in details and sessions." />
      <NameCard key={account.name} name={account.name} />
      <EmailCard email={account.email} justChanged={emailChanged === 1} />
      <PasswordCard />
      <SessionsCard sessions={account.sessions} />
      <DeleteAccountCard email={account.email} soleOwned={account.soleOwnedOrganizations} />
    </div>
  );
}

// A pending component is not code-split: plain elements rather than <Skeleton>, whose cn() would put
// tailwind-merge into every page's first load (ARCHITECTURE.md, landing budget).
const bone = "animate-pulse rounded-md bg-muted";

function AccountSkeleton() {
  return (
    <div className="flex max-w-2xl flex-col gap-6" aria-busy="true">
      <div className={`${bone} h-8 w-48`} />
      <div className={`${bone} h-44 w-full rounded-xl`} />
      <div className={`${bone} h-44 w-full rounded-xl`} />
      <div className={`${bone} h-44 w-full rounded-xl`} />
    </div>
  );
}
