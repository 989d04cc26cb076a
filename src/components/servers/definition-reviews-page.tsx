// /app/project/{id}/servers/reviews: remote MCP tools held back because their server changed their
// definition or added them (issue 37 item 6), each with the readable difference; admins accept (agents
// get the tool as shown) or reject (it stays held while the server offers that definition).
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ShieldCheck } from "lucide-react";
import { Suspense } from "react";
import { toast } from "sonner";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { buttonVariants } from "~/components/ui/button-variants.ts";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { formatDateTime } from "~/lib/format-date.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { DefinitionDiffView, type DefinitionReview } from "./definition-diff-view.tsx";

function ReviewCard({
  projectId,
  review,
  canDecide,
}: {
  projectId: string;
  review: DefinitionReview;
  canDecide: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const decide = useMutation(trpc.projectServers.decideDefinitionReview.mutationOptions());
  const run = async (decision: "accept" | "reject") => {
    await decide.mutateAsync({
      projectId,
      serverId: review.serverId,
      toolName: review.toolName,
      revision: review.revision,
      decision,
    });
    await queryClient.invalidateQueries({ queryKey: trpc.projectServers.pathKey() });
    toast.success(
      decision === "accept" ? `${review.gatewayName} accepted` : `${review.gatewayName}'s change rejected`,
    );
  };
  return (
    <Card data-testid={`review-${review.gatewayName}`}>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <CardTitle className="flex flex-wrap items-center gap-2 leading-normal">
            <code className="break-all font-mono">{review.gatewayName}</code>
            <Badge variant="warning">{review.kind === "added" ? "New tool" : "Changed"}</Badge>
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {review.serverName} · {review.kind === "added" ? "The server added" : "The server changed"} it on{" "}
            {formatDateTime(review.detectedAt)}: {review.summary}. Agents do not get it until it is accepted.
          </p>
        </div>
        {canDecide ? (
          <div className="flex shrink-0 flex-wrap items-center gap-2 self-start">
            <ConfirmDialog
              title="Reject the change"
              subject={review.gatewayName}
              verb="reject the change to"
              confirmLabel="Reject"
              description="The tool stays held back while its server offers this definition. A later, different change is reviewed again."
              trigger={<Button variant="outline">Reject</Button>}
              onConfirm={() => run("reject")}
            />
            <ConfirmDialog
              title="Accept the change"
              subject={review.gatewayName}
              verb="accept"
              confirmLabel="Accept"
              description="Agents get the tool with the definition shown here at once, on every door: MCP, REST and agents."
              trigger={<Button>Accept</Button>}
              onConfirm={() => run("accept")}
            />
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        <DefinitionDiffView diff={review.diff} />
      </CardContent>
    </Card>
  );
}

function ReviewList({ projectId, canDecide }: { projectId: string; canDecide: boolean }) {
  const trpc = useTRPC();
  const { data: reviews } = useSuspenseQuery(
    trpc.projectServers.getDefinitionReviews.queryOptions({ projectId }),
  );
  if (reviews.length === 0) {
    return (
      <EmptyState
        icon={ShieldCheck}
        title="Nothing to review"
        description="When a remote MCP server changes a tool's description, schema or annotations, or adds a tool, it waits here before agents get it."
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {canDecide ? null : (
        <p className="text-sm text-muted-foreground">
          Only the project's admins can accept or reject changes.
        </p>
      )}
      {reviews.map((review) => (
        <ReviewCard
          key={`${review.serverId}:${review.toolName}`}
          projectId={projectId}
          review={review}
          canDecide={canDecide}
        />
      ))}
    </div>
  );
}

/** Portico's own packs changed by an upgrade since their servers were added: shown, not held back. */
function PackUpdates({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const { data: updates } = useSuspenseQuery(
    trpc.projectServers.getToolPackUpdates.queryOptions({ projectId }),
  );
  if (updates.length === 0) return null;
  const list = (label: string, names: string[]) =>
    names.length === 0 ? null : (
      <p className="break-words">
        {label}: <span className="font-mono text-xs">{names.join(", ")}</span>
      </p>
    );
  return (
    <Card data-testid="pack-updates">
      <CardHeader>
        <CardTitle>Updated with Portico</CardTitle>
        <p className="text-sm text-muted-foreground">
          Tools Portico defines itself change only with a Portico upgrade. Agents already have these; they are
          listed so you know what changed.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {updates.map((update) => (
          <div key={update.serverId} className="flex flex-col gap-1">
            <p className="font-medium">
              {update.serverName} · version {update.version}, since {formatDateTime(update.updatedAt)}
            </p>
            {list("Changed", update.changed)}
            {list("Added", update.added)}
            {list("Removed", update.removed)}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

export function DefinitionReviewsPage({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Tool changes to review"
        description={`Tools of ${project.name}'s remote MCP servers that changed or appeared since they were added, held back from agents until an admin accepts them.`}
        action={
          <Link
            to="/app/project/$projectId/servers"
            params={{ projectId }}
            className={buttonVariants({ variant: "outline" })}
          >
            Back to servers
          </Link>
        }
      />
      <Suspense
        fallback={
          <div role="status" aria-label="Loading changes to review" className="flex flex-col gap-4">
            <Skeleton className="h-40 w-full" />
          </div>
        }
      >
        <ReviewList projectId={projectId} canDecide={project.permissions["tools.reviewDefinitions"]} />
      </Suspense>
      <Suspense fallback={null}>
        <PackUpdates projectId={projectId} />
      </Suspense>
    </div>
  );
}

/** The servers page's notice: how many changes wait, with the way to the review. */
export function DefinitionReviewsNotice({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const { data: reviews } = useSuspenseQuery(
    trpc.projectServers.getDefinitionReviews.queryOptions({ projectId }),
  );
  if (reviews.length === 0) return null;
  const count = reviews.length;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-warning/60 bg-warning/10 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="definition-reviews-notice"
    >
      <p className="text-sm">
        <span className="font-medium">
          {count === 1 ? "1 tool change awaits review" : `${count} tool changes await review`}
        </span>
        : {count === 1 ? "its server changed or added it" : "their servers changed or added them"}, so agents
        do not get {count === 1 ? "it" : "them"} until an admin accepts.
      </p>
      <Link
        to="/app/project/$projectId/servers/reviews"
        params={{ projectId }}
        className={buttonVariants({ variant: "outline", size: "sm", className: "shrink-0" })}
      >
        Review changes
      </Link>
    </div>
  );
}
