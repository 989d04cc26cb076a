// The answer to an agent's question, on the page of a run that stopped to ask (status "needs_input"):
// sending it continues the conversation as a new run of the same agent (projectAgents.answerQuestion),
// which the page then opens and streams. Enter writes a new line; Ctrl+Enter or ⌘+Enter sends.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { CLARIFICATION_MAX, clarificationField } from "~/lib/agents/validation.ts";
import { useTRPC } from "~/lib/trpc.ts";

export function AnswerQuestionForm({
  projectId,
  runId,
  onContinued,
}: {
  projectId: string;
  runId: string;
  /** Told the new run's id once it has started. */
  onContinued: (runId: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const send = useMutation(trpc.projectAgents.answerQuestion.mutationOptions());
  const [answer, setAnswer] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const checked = clarificationField.safeParse(answer);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const continued = await send.mutateAsync({ projectId, runId, answer: checked.data });
      // The asking run now links to its continuation, and the past runs list has one run more.
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: trpc.projectAgents.getRun.queryKey({ projectId, runId }),
        }),
        queryClient.invalidateQueries({ queryKey: trpc.projectAgents.listRuns.pathKey() }),
      ]);
      onContinued(continued.runId);
    } catch (caught) {
      setError(messageOf(caught));
      // Answered meanwhile (another tab, another person): the page shows the link to that run.
      void queryClient.invalidateQueries({
        queryKey: trpc.projectAgents.getRun.queryKey({ projectId, runId }),
      });
    }
  };

  const sendOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const length = answer.trim().length;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Answer the agent">
      <FormField
        label="Your answer"
        error={error}
        hint={`The agent goes on in a new run with your answer. Ctrl+Enter sends. ${length} of ${CLARIFICATION_MAX} characters.`}
      >
        <Textarea
          rows={3}
          value={answer}
          disabled={send.isPending}
          onChange={(event) => setAnswer(event.target.value)}
          onKeyDown={sendOnCtrlEnter}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
          <Send className="size-4" aria-hidden="true" /> {send.isPending ? "Sending…" : "Send answer"}
        </Button>
      </div>
    </form>
  );
}
