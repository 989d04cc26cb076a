// The tools a project lists beside search_tools and call_tool when tool search is on: the few an
// agent needs in every conversation, so it need not search for them (project-tools.ts).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { useTRPC } from "~/lib/trpc.ts";

const MAX_PINNED = 20;
const NAME = /^[a-z0-9_]{1,64}$/;

interface Props {
  projectId: string;
  pinnedTools: readonly string[];
  canConfigure: boolean;
}

/** The names typed, split at commas and spaces, each once. */
const namesOf = (text: string) => [...new Set(text.split(/[\s,]+/).filter((name) => name.length > 0))];

export function PinnedToolsForm({ projectId, pinnedTools, canConfigure }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.project.setPinnedTools.mutationOptions());
  const [text, setText] = useState(pinnedTools.join(", "));
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const names = namesOf(text);
    const wrong = names.find((name) => !NAME.test(name));
    if (wrong) return setError(`"${wrong}" is not a tool name: lower-case letters, digits and _ only.`);
    if (names.length > MAX_PINNED) return setError(`At most ${MAX_PINNED} tools can be pinned.`);
    setError(undefined);
    try {
      await save.mutateAsync({ projectId, pinnedTools: names });
      await queryClient.invalidateQueries({ queryKey: trpc.project.getById.queryKey({ projectId }) });
      toast.success(names.length > 0 ? "Pinned tools saved" : "No tool pinned");
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <FormField
        className="min-w-0 flex-1"
        label="Always listed tools"
        error={error}
        hint="Tool names as the MCP endpoint lists them, separated by commas, e.g. calculate, jira_create_issue."
      >
        <Input
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={!canConfigure || save.isPending}
          placeholder="No tool pinned"
        />
      </FormField>
      {canConfigure ? (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </Button>
      ) : null}
    </form>
  );
}
