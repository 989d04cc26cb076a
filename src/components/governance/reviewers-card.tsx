// Who reviews a project's held calls: its admins always, and the members the project names (editors and
// admins name them here). Reviewers get the e-mail and the inbox's count, and approve or deny.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserCheck } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";
import { SkeletonRows } from "~/components/ui/skeleton.tsx";
import { useTRPC } from "~/lib/trpc.ts";

interface Props {
  projectId: string;
  canManage: boolean;
}

const nameOf = (person: { name: string; email: string }) => person.name || person.email;

export function ReviewersCard({ projectId, canManage }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reviewers = useQuery(trpc.governance.getReviewers.queryOptions({ projectId }));
  const add = useMutation(trpc.governance.addReviewer.mutationOptions());
  const remove = useMutation(trpc.governance.removeReviewer.mutationOptions());
  const [chosen, setChosen] = useState("");
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.governance.getReviewers.queryKey({ projectId }) });

  const addChosen = async () => {
    if (!chosen) {
      setError("Choose a member to name as a reviewer.");
      return;
    }
    setError(null);
    try {
      await add.mutateAsync({ projectId, userId: chosen });
      setChosen("");
      await refresh();
      toast.success("Reviewer added");
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  const data = reviewers.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserCheck className="size-4" aria-hidden="true" /> Reviewers
        </CardTitle>
        <CardDescription>
          Who approves or denies calls held for approval. They get an e-mail for each and see the count in the
          inbox. The project's admins always review.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {reviewers.error ? (
          <p role="alert" className="text-sm text-destructive">
            The reviewers could not be loaded: {reviewers.error.message}
          </p>
        ) : !data ? (
          <SkeletonRows label="Loading reviewers" />
        ) : (
          <>
            <ul aria-label="Reviewers" className="flex flex-col divide-y rounded-md border">
              {data.admins.map((admin) => (
                <li
                  key={admin.userId}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
                >
                  <span className="min-w-0 break-words">
                    {nameOf(admin)} <span className="block text-sm text-muted-foreground">{admin.email}</span>
                  </span>
                  <span className="text-sm text-muted-foreground">Admin</span>
                </li>
              ))}
              {data.named.map((named) => (
                <li
                  key={named.userId}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
                >
                  <span className="min-w-0 break-words">
                    {nameOf(named)} <span className="block text-sm text-muted-foreground">{named.email}</span>
                  </span>
                  {canManage ? (
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm">
                          Remove<span className="sr-only"> {nameOf(named)} as reviewer</span>
                        </Button>
                      }
                      title="Remove reviewer"
                      subject={`${nameOf(named)} as a reviewer`}
                      verb="remove"
                      description="They no longer get e-mails about held calls or decide them. Their access to the project stays."
                      confirmLabel="Remove"
                      onConfirm={async () => {
                        await remove.mutateAsync({ projectId, userId: named.userId });
                        await refresh();
                        toast.success("Reviewer removed");
                      }}
                    />
                  ) : (
                    <span className="text-sm text-muted-foreground">Named reviewer</span>
                  )}
                </li>
              ))}
            </ul>
            {canManage ? (
              data.candidates.length ? (
                <div className="flex flex-wrap items-end gap-2">
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <label htmlFor={selectId} className="text-sm font-medium">
                      Name a member as reviewer
                    </label>
                    <Select
                      value={chosen}
                      onValueChange={(value) => {
                        setChosen(value);
                        setError(null);
                      }}
                    >
                      <SelectTrigger
                        id={selectId}
                        className="w-full sm:w-72"
                        aria-invalid={error ? true : undefined}
                      >
                        <SelectValue placeholder="Choose a member" />
                      </SelectTrigger>
                      <SelectContent>
                        {data.candidates.map((candidate) => (
                          <SelectItem key={candidate.userId} value={candidate.userId}>
                            {nameOf(candidate)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </div>
                  <Button onClick={addChosen} disabled={add.isPending}>
                    Add reviewer
                  </Button>
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">
                  Every member of the project reviews already. Give someone access to the project to name
                  them.
                </p>
              )
            ) : (
              <p className="text-sm text-muted-foreground">
                Editors and admins of the project name reviewers.
              </p>
            )}
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
