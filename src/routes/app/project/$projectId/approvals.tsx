// The approval inbox (issue 37): the project's held calls, with what they would do, their arguments
// (secrets redacted), who or which agent asked, the policy that held them and when they expire.
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Inbox } from "lucide-react";
import { useState } from "react";
import { FilterSelect } from "~/components/forms/filter-controls.tsx";
import { DecideApprovalDialog } from "~/components/governance/decide-approval-dialog.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SkeletonRows } from "~/components/ui/skeleton.tsx";
import { formatDateTime } from "~/lib/format-date.ts";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/approvals")({
  head: () => seo({ title: "Approvals · Portico", noindex: true }),
  component: ApprovalsPage,
});

type Status = "pending" | "approved" | "denied" | "expired";
const statusBadge: Record<Status, "warning" | "success" | "destructive" | "secondary"> = {
  pending: "warning",
  approved: "success",
  denied: "destructive",
  expired: "secondary",
};

function ApprovalsPage() {
  const { projectId } = Route.useParams();
  const { trpc } = Route.useRouteContext();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  const [status, setStatus] = useState<Status | undefined>("pending");
  const approvals = useQuery(trpc.governance.getApprovals.queryOptions({ projectId, status }));
  const [deciding, setDeciding] = useState<{
    id: string;
    summary: string;
    kind: "approve" | "confirm";
    decision: "approve" | "deny";
  } | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Approvals"
        description={`Tool calls in ${project.name} held until a person decides. An approved call runs once, right away.`}
      />
      <div className="max-w-xs">
        <FilterSelect
          id="approval-status"
          label="Status"
          value={status}
          onChange={(value) => setStatus(value as Status | undefined)}
          options={[
            { value: "any", label: "All" },
            { value: "pending", label: "Waiting" },
            { value: "approved", label: "Approved" },
            { value: "denied", label: "Denied" },
            { value: "expired", label: "Expired" },
          ]}
        />
      </div>
      {approvals.error ? (
        <ErrorText message={`The approvals could not be loaded: ${approvals.error.message}`} />
      ) : approvals.isPending ? (
        <SkeletonRows label="Loading approvals" />
      ) : approvals.data.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={status === "pending" ? "Nothing waits for a decision" : "No approvals here"}
          description="Calls a policy holds for approval appear here, and reviewers are e-mailed."
        />
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Approvals">
          {approvals.data.map((approval) => (
            <li key={approval.id}>
              <Card data-testid={`approval-${approval.id}`}>
                <CardContent className="flex flex-col gap-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="font-medium break-words">{approval.summary}</h2>
                      <p className="text-sm text-muted-foreground break-words">
                        {approval.toolName} ·{" "}
                        {approval.kind === "confirm" ? "the caller confirms" : "a reviewer approves"} ·{" "}
                        {approval.policy}
                      </p>
                    </div>
                    <Badge variant={statusBadge[approval.status]}>{approval.status}</Badge>
                  </div>
                  <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
                    <dt className="text-muted-foreground">Asked by</dt>
                    <dd className="break-words">
                      {approval.requester
                        ? `${approval.requester.name} (${approval.requester.email}) · `
                        : ""}
                      {approval.agentRunId ? `agent run · ${approval.callerName}` : approval.callerName}
                    </dd>
                    <dt className="text-muted-foreground">Asked</dt>
                    <dd>{formatDateTime(approval.createdAt)}</dd>
                    <dt className="text-muted-foreground">
                      {approval.status === "pending" ? "Expires" : "Decided"}
                    </dt>
                    <dd>
                      {approval.status === "pending"
                        ? formatDateTime(approval.expiresAt)
                        : `${approval.decidedAt ? formatDateTime(approval.decidedAt) : "—"}${approval.decidedByName ? ` by ${approval.decidedByName}` : ""}${approval.reason ? `: ${approval.reason}` : ""}`}
                    </dd>
                  </dl>
                  <pre className="max-h-48 overflow-auto rounded-md bg-muted p-2 text-xs whitespace-pre-wrap break-all">
                    {approval.arguments}
                  </pre>
                  {approval.decidable ? (
                    <div className="flex flex-wrap gap-2">
                      <Button onClick={() => setDeciding({ ...approval, decision: "approve" })}>
                        {approval.kind === "confirm" ? "Confirm" : "Approve"}
                      </Button>
                      <Button
                        variant="outline"
                        onClick={() => setDeciding({ ...approval, decision: "deny" })}
                      >
                        {approval.kind === "confirm" ? "Decline" : "Deny"}
                      </Button>
                    </div>
                  ) : null}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {deciding ? (
        <DecideApprovalDialog
          projectId={projectId}
          approval={deciding}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </div>
  );
}
