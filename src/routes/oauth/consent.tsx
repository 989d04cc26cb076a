// requirements §2 /oauth/consent: an MCP client asks for access; the signed-in user picks one of their projects
// (the one last used with this client preselected) and allows or denies. Pending invitations are shown
// so someone without a project yet can join one here.

import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { authClient } from "~/components/auth/auth-client.ts";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { QueryResultError } from "~/components/errors/query-error.tsx";
import { isRetryableQueryError } from "~/components/errors/query-error-copy.ts";
import { PendingInvitations } from "~/components/invitations/pending-invitations.tsx";
import { ClientSummary, ScopeList } from "~/components/oauth/client-summary.tsx";
import { ConsentForm } from "~/components/oauth/consent-form.tsx";
import {
  authorizeHref,
  type ConsentSearch,
  consentRequest,
  isSignedRequest,
  scopesOf,
} from "~/components/oauth/consent-request.ts";
import { NoConsentRequest } from "~/components/oauth/no-consent-request.tsx";
import { OAuthLayout } from "~/components/oauth/oauth-layout.tsx";
import { Button } from "~/components/ui/button.tsx";
import { BusySkeletons } from "~/components/ui/skeleton.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/oauth/consent")({
  // The query is kept as sent: its signature covers the exact values.
  validateSearch: (search: Record<string, unknown>) => search as ConsentSearch,
  beforeLoad: ({ context, search }) => {
    // Unsigned, expired or signed out: the authorization endpoint checks the request, sends a
    // signed-out visitor to /sign-in, and comes back here with a fresh signature. With no request at
    // all (no client_id) there is nothing to check: the page says what it is for.
    if (consentRequest(search).clientId && (!context.user || !isSignedRequest(search))) {
      throw redirect({ href: authorizeHref(search), reloadDocument: true });
    }
  },
  loaderDeps: ({ search }) => ({ clientId: consentRequest(search).clientId }),
  loader: async ({ context: { queryClient, trpc }, deps }) => {
    if (!deps.clientId) return;
    void queryClient.prefetchQuery(
      trpc.oauthClients.getConsentClient.queryOptions({ clientId: deps.clientId }),
    );
    await Promise.all([
      queryClient.ensureQueryData(trpc.projectPermissions.getAccessibleProjectsForUser.queryOptions()),
      queryClient.ensureQueryData(trpc.organizationInvitations.getPendingInvitationsForUser.queryOptions()),
      queryClient.ensureQueryData(trpc.user.getLastOAuthProject.queryOptions({ clientId: deps.clientId })),
    ]);
  },
  head: () => seo({ title: "Allow access · Portico", noindex: true }),
  // No other site may frame the consent screen and trick a click on Allow (RFC 9700 §4.16).
  headers: () => ({ "X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'" }),
  component: ConsentPage,
});

function ConsentPage() {
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  if (!consentRequest(search).clientId) return <NoConsentRequest signedIn={user !== null} />;
  return <ConsentScreen />;
}

function ConsentScreen() {
  const search = Route.useSearch();
  const { trpc, user } = Route.useRouteContext();
  const request = consentRequest(search);
  const client = useQuery({
    ...trpc.oauthClients.getConsentClient.queryOptions({ clientId: request.clientId }),
    retry: false,
  });
  const { data: projects } = useSuspenseQuery(
    trpc.projectPermissions.getAccessibleProjectsForUser.queryOptions(),
  );
  const { data: invitations } = useSuspenseQuery(
    trpc.organizationInvitations.getPendingInvitationsForUser.queryOptions(),
  );
  const { data: last } = useSuspenseQuery(
    trpc.user.getLastOAuthProject.queryOptions({ clientId: request.clientId }),
  );
  const restartHref = authorizeHref(search);

  const switchAccount = async () => {
    await authClient().signOut();
    window.location.assign(restartHref);
  };

  return (
    <OAuthLayout footer="You can revoke this access at any time in the project's settings.">
      {client.isPending ? (
        <BusySkeletons
          sizes={["size-12 rounded-lg", "h-6 w-3/4", "h-4 w-1/2"]}
          className="items-center gap-3"
        />
      ) : client.isError ? (
        <div className="flex flex-col gap-4">
          <h1 className="text-xl font-semibold tracking-tight">This request cannot be answered</h1>
          {isRetryableQueryError(client.error) ? (
            <QueryResultError what="This request" query={client} />
          ) : (
            <FormAlert message={client.error.message} />
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <ClientSummary client={client.data} />
          <p className="text-center text-sm text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{user?.email}</span>.{" "}
            <Button variant="link" className="h-auto p-0 text-sm" onClick={() => void switchAccount()}>
              Use another account
            </Button>
          </p>
          <section className="flex flex-col gap-2">
            <h2 className="text-sm font-medium">{client.data.name} will be able to</h2>
            <ScopeList scopes={scopesOf(request.scope)} />
          </section>
          <ConsentForm
            clientName={client.data.name}
            projects={projects}
            initialProjectId={last?.projectId ?? null}
            restartHref={restartHref}
          />
          <PendingInvitations invitations={invitations} />
        </div>
      )}
    </OAuthLayout>
  );
}
