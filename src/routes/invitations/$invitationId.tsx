// The link in an invitation email. Anyone may open it; the details load only for the invitee (or the
// organization's inviters), and a failed preload just leaves the page to explain what to do.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { Building2 } from "lucide-react";
import { toast } from "sonner";
import { setErrorResponseStatus, useErrorResponseStatus } from "~/components/errors/response-status.ts";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardHeading,
  CardTitle,
} from "~/components/ui/card.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/invitations/$invitationId")({
  head: () => seo({ title: "Invitation · Portico", noindex: true }),
  loader: async ({ context: { queryClient, trpc, user }, params }) => {
    if (!user) return;
    try {
      await queryClient.ensureQueryData(
        trpc.organizationInvitations.getInvitationDetails.queryOptions({ invitationId: params.invitationId }),
      );
    } catch (error) {
      console.warn("Could not preload the invitation", error);
      setErrorResponseStatus(error);
    }
  },
  component: InvitationPage,
});

function InvitationPage() {
  const { invitationId } = Route.useParams();
  const { user } = Route.useRouteContext();
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md">
        {user ? (
          <InvitationDetails invitationId={invitationId} email={user.email} />
        ) : (
          <SignedOut invitationId={invitationId} />
        )}
      </Card>
    </main>
  );
}

function SignedOut({ invitationId }: { invitationId: string }) {
  const { trpc } = Route.useRouteContext();
  const redirect = `/invitations/${invitationId}`;
  const preview = useQuery({
    ...trpc.organizationInvitations.getInvitationPreview.queryOptions({ invitationId }),
    retry: false,
  });
  const invited = preview.data;
  return (
    <>
      <CardHeading
        title={invited ? `Join ${invited.organizationName} on Portico` : "You have been invited to Portico"}
        description={
          invited
            ? `${invited.inviterName ?? "Someone"} invited ${invited.email} to ${invited.organizationName}. Sign in with that address, or create an account with it.`
            : preview.isError
              ? `${preview.error.message} Sign in to see your other invitations.`
              : "Sign in with the email address the invitation was sent to, or create an account with it."
        }
      />
      <CardFooter className="flex gap-2">
        <Button asChild>
          <Link to="/sign-in" search={{ redirect }}>
            Sign in
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/sign-up" search={{ redirect, ...(invited ? { email: invited.email } : {}) }}>
            Create account
          </Link>
        </Button>
      </CardFooter>
    </>
  );
}

function InvitationDetails({ invitationId, email }: { invitationId: string; email: string }) {
  const { trpc } = Route.useRouteContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const details = useQuery({
    ...trpc.organizationInvitations.getInvitationDetails.queryOptions({ invitationId }),
    retry: false,
  });
  const onDone = async (message: string, projectId: string | null = null) => {
    toast.success(message);
    await queryClient.invalidateQueries();
    // One project granted: straight into it; otherwise the dashboard lists what the person can open.
    if (projectId) await navigate({ to: "/app/project/$projectId", params: { projectId } });
    else await navigate({ to: "/app/dashboard" });
  };
  const accept = useMutation(trpc.organizationInvitations.accept.mutationOptions());
  const dismiss = useMutation(trpc.organizationInvitations.dismiss.mutationOptions());

  if (details.isPending) {
    return (
      <CardContent className="flex flex-col gap-3 py-6">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-full" />
      </CardContent>
    );
  }
  if (details.isError) {
    return (
      <>
        <ErrorStatus error={details.error} />
        <CardHeading
          title="This invitation is not available"
          description={
            <>
              {details.error.message}. You are signed in as {email}; if the invitation was sent to another
              address, sign in with that one.
            </>
          }
        />
        <CardFooter>
          <Button asChild variant="outline">
            <Link to="/app/dashboard">Go to dashboard</Link>
          </Button>
        </CardFooter>
      </>
    );
  }
  const invitation = details.data;
  const open = invitation.status === "pending" && !invitation.expired && invitation.isForCurrentUser;
  const busy = accept.isPending || dismiss.isPending;
  return (
    <>
      <CardHeader>
        <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-muted">
          <Building2 className="size-5" aria-hidden="true" />
        </div>
        <CardTitle>Join {invitation.organizationName}</CardTitle>
        <CardDescription>
          {invitation.inviterName ?? "A team member"} invited {invitation.email} to join as{" "}
          <Badge variant="secondary">{invitation.role}</Badge>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {invitation.projects.length > 0 ? (
          <div className="flex flex-col gap-1 text-sm">
            <p>You will have access to:</p>
            <ul className="flex flex-col gap-1" aria-label="Projects">
              {invitation.projects.map((project) => (
                <li key={project.projectId} className="flex items-center justify-between gap-2">
                  <span className="min-w-0 truncate font-medium">{project.name}</span>
                  <Badge variant="outline">{project.role}</Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {invitation.status !== "pending" ? (
          <p className="text-sm">This invitation was already {invitation.status}.</p>
        ) : invitation.expired ? (
          <p className="text-sm">This invitation has expired. Ask for a new one.</p>
        ) : !invitation.isForCurrentUser ? (
          <p className="text-sm">
            This invitation is for {invitation.email}; only that person can answer it.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Expires on <DateTime value={invitation.expiresAt} show="date" />.
          </p>
        )}
      </CardContent>
      <CardFooter className="flex gap-2">
        {open ? (
          <>
            <Button
              disabled={busy}
              onClick={() =>
                accept.mutate(
                  { invitationId },
                  {
                    onSuccess: (accepted) =>
                      void onDone(`You joined ${invitation.organizationName}`, accepted.projectId),
                    onError: (error) => toast.error(messageOf(error)),
                  },
                )
              }
            >
              {accept.isPending ? "Joining…" : "Accept invitation"}
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() =>
                dismiss.mutate(
                  { invitationId },
                  {
                    onSuccess: () => void onDone("Invitation dismissed"),
                    onError: (error) => toast.error(messageOf(error)),
                  },
                )
              }
            >
              Dismiss
            </Button>
          </>
        ) : (
          <Button asChild variant="outline">
            <Link to="/app/dashboard">Go to dashboard</Link>
          </Button>
        )}
      </CardFooter>
    </>
  );
}

/** The refusal's HTTP status for the server-rendered page (a missing invitation is a 404, not a 200). */
function ErrorStatus({ error }: { error: unknown }) {
  useErrorResponseStatus(error);
  return null;
}
