// A user's signed-in sessions, opened from the users table: end one, or all of them.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { QueryResultError } from "~/components/errors/query-error.tsx";
import { Button } from "~/components/ui/button.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "~/components/ui/dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { BusySkeletons } from "~/components/ui/skeleton.tsx";
import { useTRPC } from "~/lib/trpc.ts";

export function UserSessionsDialog({ user }: { user: { id: string; name: string; email: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sessions = useQuery({
    ...trpc.admin.getUserSessions.queryOptions({ userId: user.id }),
    enabled: open,
  });
  const revokeOne = useMutation(trpc.admin.revokeSession.mutationOptions());
  const revokeAll = useMutation(trpc.admin.revokeUserSessions.mutationOptions());

  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await action();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          Sessions<span className="sr-only"> of {user.email}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title={<>Sessions of {user.name}</>}
          description={<>Where {user.email} is signed in now.</>}
        />
        <FormAlert message={error} />
        {sessions.error ? <QueryResultError what="The sessions" query={sessions} /> : null}
        {sessions.isPending ? (
          <BusySkeletons sizes={["h-10 w-full", "h-10 w-full"]} />
        ) : sessions.data?.length === 0 ? (
          <EmptyState
            icon={MonitorSmartphone}
            title="Not signed in anywhere"
            description="They start a new session the next time they sign in."
          />
        ) : (
          <ul className="flex max-h-80 flex-col divide-y overflow-y-auto">
            {sessions.data?.map((session) => (
              <li key={session.id} className="flex items-center gap-3 py-2">
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="text-sm font-medium">{session.device}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {session.ipAddress || "Unknown address"} · signed in{" "}
                    <DateTime value={session.createdAt} show="relative" />
                  </span>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revokeOne.isPending}
                  onClick={() =>
                    void run(
                      () => revokeOne.mutateAsync({ sessionId: session.id }),
                      `Signed ${user.email} out on ${session.device}`,
                    )
                  }
                >
                  Sign out<span className="sr-only"> {session.device}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        {sessions.data && sessions.data.length > 0 ? (
          <Button
            variant="destructive"
            disabled={revokeAll.isPending}
            onClick={() =>
              void run(
                () => revokeAll.mutateAsync({ userId: user.id }),
                `Signed ${user.email} out everywhere`,
              )
            }
          >
            {revokeAll.isPending ? "Signing out…" : "Sign out of every session"}
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
