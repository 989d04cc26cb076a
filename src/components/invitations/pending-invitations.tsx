// Invitations waiting for the signed-in user, with accept and dismiss in place.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Mail } from "lucide-react";
import { toastOutcome } from "~/components/forms/toast-outcome.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { useTRPC } from "~/lib/trpc.ts";

interface PendingInvitation {
  id: string;
  organizationName: string;
  role: string;
  inviterName: string | null;
}

export function PendingInvitations({ invitations }: { invitations: PendingInvitation[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const accept = useMutation(trpc.organizationInvitations.accept.mutationOptions());
  const dismiss = useMutation(trpc.organizationInvitations.dismiss.mutationOptions());
  if (invitations.length === 0) return null;
  const busy = accept.isPending || dismiss.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="size-4" aria-hidden="true" /> Pending invitations
        </CardTitle>
        <CardDescription>Join an organization to see its projects.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <Link
                  to="/invitations/$invitationId"
                  params={{ invitationId: invitation.id }}
                  className="font-medium hover:underline"
                >
                  {invitation.organizationName}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {invitation.inviterName ? `${invitation.inviterName} invited you as ` : "Invited as "}
                  <Badge variant="secondary">{invitation.role}</Badge>
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    accept.mutate(
                      { invitationId: invitation.id },
                      toastOutcome(`You joined ${invitation.organizationName}`, refresh),
                    )
                  }
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() =>
                    dismiss.mutate(
                      { invitationId: invitation.id },
                      toastOutcome(`Invitation to ${invitation.organizationName} dismissed`, refresh, "info"),
                    )
                  }
                >
                  Dismiss
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
