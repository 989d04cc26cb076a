// An endpoint's deliveries, newest first: the event, its status and every attempt with the receiver's
// answer (status, time, first bytes) or why there was none; the payload as sent, and "Redeliver".
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { SkeletonRows } from "~/components/ui/skeleton.tsx";
import type { WebhookDeliveryView } from "~/lib/builder-webhooks/schemas.ts";
import { useTRPC } from "~/lib/trpc.ts";

const statusBadge: Record<
  WebhookDeliveryView["status"],
  "warning" | "success" | "destructive" | "secondary"
> = {
  pending: "secondary",
  retrying: "warning",
  succeeded: "success",
  failed: "destructive",
};

function Attempt({ attempt }: { attempt: WebhookDeliveryView["attempts"][number] }) {
  const ok = attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300;
  return (
    <li className="flex flex-col gap-1 rounded-md border p-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Attempt {attempt.number}</span>
        <Badge variant={ok ? "success" : "destructive"}>
          {attempt.responseStatus === null ? "no answer" : `HTTP ${attempt.responseStatus}`}
        </Badge>
        <span className="text-muted-foreground">
          <DateTime value={attempt.startedAt} /> · {attempt.durationMs} ms
        </span>
      </div>
      {attempt.error ? <p className="text-destructive break-words">{attempt.error}</p> : null}
      {attempt.responseBody ? (
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="max-h-32 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all"
        >
          {attempt.responseBody}
        </pre>
      ) : null}
    </li>
  );
}

export function DeliveriesPanel({
  organizationId,
  endpointId,
}: {
  organizationId: string;
  endpointId: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deliveries = useInfiniteQuery(
    trpc.webhooks.listDeliveries.infiniteQueryOptions(
      { organizationId, endpointId, limit: 10 },
      {
        getNextPageParam: (page) => page.nextCursor,
        // Deliveries under way change by themselves: look again while one is.
        refetchInterval: (query) =>
          query.state.data?.pages.some((page) =>
            page.items.some((item) => item.status === "pending" || item.status === "retrying"),
          )
            ? 2000
            : false,
      },
    ),
  );
  const redeliver = useMutation(trpc.webhooks.redeliver.mutationOptions());

  if (deliveries.error)
    return <ErrorText message={`The deliveries could not be loaded: ${deliveries.error.message}`} />;
  if (deliveries.isPending) return <SkeletonRows label="Loading deliveries" />;
  const items = deliveries.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <EmptyState
        icon={Send}
        title="Nothing delivered yet"
        description="Events this endpoint subscribes to appear here with the receiver's answers. Send a test event to try it."
      />
    );
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label="Deliveries">
        {items.map((delivery) => (
          <li key={delivery.id} className="rounded-md border p-3" data-testid={`delivery-${delivery.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <code className="text-sm break-all">{delivery.eventType}</code>
                <Badge variant={statusBadge[delivery.status]}>{delivery.status}</Badge>
                <span className="text-sm text-muted-foreground">
                  <DateTime value={delivery.createdAt} /> · {delivery.attemptCount}{" "}
                  {delivery.attemptCount === 1 ? "attempt" : "attempts"}
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={redeliver.isPending}
                onClick={async () => {
                  try {
                    await redeliver.mutateAsync({ organizationId, deliveryId: delivery.id });
                    toast.success("Delivery queued again");
                    await queryClient.invalidateQueries({ queryKey: trpc.webhooks.listDeliveries.pathKey() });
                  } catch (error) {
                    toast.error(messageOf(error));
                  }
                }}
              >
                Redeliver
              </Button>
            </div>
            <details className="mt-2">
              <summary className="cursor-pointer text-sm">Payload and attempts</summary>
              <p className="mt-2 text-xs text-muted-foreground break-all">webhook-id {delivery.eventId}</p>
              <pre
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
                tabIndex={0}
                className="mt-1 max-h-48 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all"
              >
                {JSON.stringify(delivery.payload, null, 2)}
              </pre>
              <ol className="mt-2 flex flex-col gap-2" aria-label="Attempts">
                {delivery.attempts.map((attempt) => (
                  <Attempt key={attempt.number} attempt={attempt} />
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ul>
      {deliveries.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => deliveries.fetchNextPage()}
          disabled={deliveries.isFetchingNextPage}
        >
          {deliveries.isFetchingNextPage ? "Loading…" : "Show older deliveries"}
        </Button>
      ) : null}
    </div>
  );
}
