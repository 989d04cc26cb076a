// A run's place in a conversation with the person: the question an earlier run asked and the answer
// this run went on with (shown above its plan), and, on a run that stopped to ask, the question with
// the form that answers it, or the link to the run that went on once it was answered.
import { Link } from "@tanstack/react-router";
import { ArrowRight, CornerDownRight } from "lucide-react";
import type { ReactNode } from "react";
import { AnswerQuestionForm } from "./answer-question-form.tsx";

interface Conversation {
  answers: { runId: string; question: string | null; request: string; clarification: string | null } | null;
  continuedByRunId: string | null;
}

/** A link to another run of the same agent, on its runs page. */
function RunLink({
  projectId,
  agentId,
  runId,
  children,
}: {
  projectId: string;
  agentId: string;
  runId: string;
  children: ReactNode;
}) {
  return (
    <Link
      to="/app/project/$projectId/agents/$agentId/runs"
      params={{ projectId, agentId }}
      search={{ run: runId }}
      className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );
}

export const shortRunId = (runId: string) => runId.slice(0, 8);

/** Above the plan of a run that answers an earlier run's question. */
export function EarlierQuestion({
  projectId,
  agentId,
  conversation,
}: {
  projectId: string;
  agentId: string;
  conversation: Conversation;
}) {
  const { answers } = conversation;
  if (!answers) return null;
  return (
    <section
      aria-label="Earlier question"
      data-testid="agent-earlier-question"
      className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3"
    >
      <h3 className="font-medium">The agent asked</h3>
      <p className="whitespace-pre-wrap">{answers.question ?? "—"}</p>
      <h3 className="flex items-center gap-1 font-medium">
        <CornerDownRight className="size-4" aria-hidden="true" /> Your answer
      </h3>
      <p className="whitespace-pre-wrap break-words" data-testid="agent-clarification">
        {answers.clarification ?? "—"}
      </p>
      <p className="text-xs text-muted-foreground">
        <RunLink projectId={projectId} agentId={agentId} runId={answers.runId}>
          Open the run that asked ({shortRunId(answers.runId)})
        </RunLink>
      </p>
    </section>
  );
}

/** The question of a run that stopped to ask, with the way to answer it (or where it went on). */
export function QuestionForYou({
  projectId,
  agentId,
  runId,
  question,
  conversation,
  canAnswer,
  onContinued,
}: {
  projectId: string;
  agentId: string;
  runId: string;
  question: string;
  conversation: Conversation;
  canAnswer: boolean;
  onContinued: (runId: string) => void;
}) {
  const continuedBy = conversation.continuedByRunId;
  return (
    <section aria-label="Question" className="flex flex-col gap-3">
      <div>
        <h3 className="font-medium">Question for you</h3>
        <p className="whitespace-pre-wrap" data-testid="agent-answer">
          {question}
        </p>
      </div>
      {continuedBy ? (
        <p data-testid="agent-continued-by">
          Answered.{" "}
          <RunLink projectId={projectId} agentId={agentId} runId={continuedBy}>
            The agent went on in run {shortRunId(continuedBy)}{" "}
            <ArrowRight className="size-4" aria-hidden="true" />
          </RunLink>
        </p>
      ) : canAnswer ? (
        <AnswerQuestionForm projectId={projectId} runId={runId} onContinued={onContinued} />
      ) : (
        <p className="text-muted-foreground">Project editors and admins can answer the agent's question.</p>
      )}
    </section>
  );
}
