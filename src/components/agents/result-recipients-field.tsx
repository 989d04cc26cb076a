// "E-mail the answer to": members of the project who can see its agents, ticked to receive each answer
// of a schedule's or trigger's runs. Used by both forms, so the choice looks the same everywhere.
import { useQuery } from "@tanstack/react-query";
import { CheckboxField } from "~/components/ui/checkbox.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { useTRPC } from "~/lib/trpc.ts";

export function ResultRecipientsField({
  projectId,
  value,
  onChange,
}: {
  projectId: string;
  value: string[];
  onChange: (userIds: string[]) => void;
}) {
  const trpc = useTRPC();
  const choices = useQuery(trpc.projectAgents.listRecipientChoices.queryOptions({ projectId }));
  const toggle = (userId: string, checked: boolean) =>
    onChange(checked ? [...value, userId] : value.filter((each) => each !== userId));

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">E-mail the answer to</legend>
      {choices.isPending ? (
        <Skeleton className="h-5 w-48" />
      ) : choices.isError ? (
        <p className="text-sm text-destructive">The project's members could not be loaded.</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {choices.data.map((member) => (
            <CheckboxField
              key={member.userId}
              checked={value.includes(member.userId)}
              onCheckedChange={(checked) => toggle(member.userId, checked)}
            >
              <span className="break-all">{member.name}</span>
            </CheckboxField>
          ))}
        </div>
      )}
      <p className="text-xs text-muted-foreground">Nobody ticked: the answer stays on the Runs page only.</p>
    </fieldset>
  );
}

/** " · answers e-mailed to 2 members" beside a schedule or trigger, or nothing. */
export const emailedTo = (count: number) =>
  count === 0 ? null : ` · answers e-mailed to ${count} member${count === 1 ? "" : "s"}`;
