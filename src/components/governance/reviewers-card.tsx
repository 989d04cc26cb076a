// Who reviews a project's held calls: its admins always, and the members the project names (editors and
// admins name them here). Reviewers get the e-mail and the inbox's count, and approve or deny.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserCheck } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { ItemActionButton } from "~/components/ui/item-action-button.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";
import { SkeletonRows } from "~/components/ui/skeleton.tsx";
import { useTRPC } from "~/lib/trpc.ts";

interface Props {
  projectId: string;
  canManage: boolean;
}

const nameOf = (person: { name: string; email: string }) => person.name || person.email;

/** One reviewer in the list: name and e-mail, then what they are or the way to remove them. */
function ReviewerItem({
  person,
  children,
}: {
  person: { name: string; email: string };
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
      <span className="min-w-0 break-words">
        {nameOf(person)} <span className="block text-sm text-muted-foreground">{person.email}</span>
      </span>
      {children}
    </li>
  );
}

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
          <ErrorText message={`The reviewers could not be loaded: ${reviewers.error.message}`} />
        ) : !data ? (
          <SkeletonRows label="Loading reviewers" />
        ) : (
          <>
            <ul aria-label="Reviewers" className="flex flex-col divide-y rounded-md border">
              {data.admins.map((admin) => (
                <ReviewerItem key={admin.userId} person={admin}>
                  <span className="text-sm text-muted-foreground">Admin</span>
                </ReviewerItem>
              ))}
              {data.named.map((named) => (
                <ReviewerItem key={named.userId} person={named}>
                  {canManage ? (
                    <ConfirmDialog
                      trigger={
                        <ItemActionButton>
                          Remove<span className="sr-only"> {nameOf(named)} as reviewer</span>
                        </ItemActionButton>
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
                </ReviewerItem>
              ))}
            </ul>
            {canManage ? (
              data.candidates.length ? (
                <div className="flex flex-wrap items-end gap-2">
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <label htmlFor={selectId} className="text-sm font-medium">
                      Name a member as reviewer
                    </label>
                    <OptionSelect
                      id={selectId}
                      className="sm:w-72"
                      aria-invalid={error ? true : undefined}
                      placeholder="Choose a member"
                      value={chosen}
                      onValueChange={(value) => {
                        setChosen(value);
                        setError(null);
                      }}
                      options={data.candidates.map((candidate) => ({
                        value: candidate.userId,
                        label: nameOf(candidate),
                      }))}
                    />
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
            <ErrorText message={error} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
