import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Monitor } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeading } from "~/components/ui/card.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { counted } from "~/lib/counted.ts";
import { type RouterOutputs, useTRPC } from "~/lib/trpc.ts";

type Session = RouterOutputs["account"]["get"]["sessions"][number];

export function SessionsCard({ sessions }: { sessions: Session[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.account.revokeOtherSessions.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const others = sessions.filter((session) => !session.current).length;

  const signOutOthers = async () => {
    setError(null);
    try {
      await revoke.mutateAsync();
      toast.success(`Signed out of ${counted(others, "other session")}`);
      await queryClient.invalidateQueries({ queryKey: trpc.account.pathKey() });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <Card>
      <CardHeading
        title="Where you are signed in"
        description={
          others === 0
            ? "Only this browser is signed in."
            : `This browser and ${counted(others, "other session")}.`
        }
      />
      <CardContent className="flex flex-col gap-3 pt-4">
        <FormAlert message={error} />
        <ul className="flex flex-col divide-y" data-testid="account-sessions">
          {sessions.map((session) => (
            <li key={session.id} className="flex items-start gap-3 py-2">
              <Monitor className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="flex min-w-0 flex-col">
                <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {session.device}
                  {session.current ? <Badge variant="success">This browser</Badge> : null}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {session.ipAddress || "Unknown address"} · signed in{" "}
                  <DateTime value={session.createdAt} show="relative" />
                </span>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="pt-4">
        <Button
          variant="outline"
          disabled={others === 0 || revoke.isPending}
          onClick={() => void signOutOthers()}
        >
          {revoke.isPending ? "Signing out…" : "Sign out of other sessions"}
        </Button>
      </CardFooter>
    </Card>
  );
}
