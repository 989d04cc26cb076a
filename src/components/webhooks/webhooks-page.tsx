// Organization settings → Webhooks (owners and admins): the endpoints Portico posts events to, each with
// its events and filters, a one-time signing secret (rotatable), a test event, and its deliveries with
// the receiver's answers. How a receiver verifies a request is on the page, as in docs/webhooks.md.
import { useMutation, useQueryClient, useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { Webhook } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useOneTimeSecretDialog } from "~/components/api-keys/use-one-time-secret-dialog.ts";
import { messageOf } from "~/components/forms/form-errors.ts";
import { AddButton } from "~/components/ui/add-button.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ItemActionButton } from "~/components/ui/item-action-button.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import type { WebhookEndpointView } from "~/lib/builder-webhooks/schemas.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { DeliveriesPanel } from "./deliveries-panel.tsx";
import { EndpointDialog, type EndpointDraft } from "./endpoint-dialog.tsx";
import { VerifyingRequests } from "./verifying-requests.tsx";
import { WebhookSecretDialog } from "./webhook-secret-dialog.tsx";

function EndpointCard({
  organizationId,
  endpoint,
  onSecret,
}: {
  organizationId: string;
  endpoint: WebhookEndpointView;
  onSecret: (shown: { url: string; secret: string }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const sendTest = useMutation(trpc.webhooks.sendTestEvent.mutationOptions());
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions());
  const remove = useMutation(trpc.webhooks.deleteEndpoint.mutationOptions());
  const ids = { organizationId, endpointId: endpoint.id };
  const filters = [
    endpoint.projectName ? `project ${endpoint.projectName}` : null,
    endpoint.agentName ? `agent ${endpoint.agentName}` : null,
  ].filter(Boolean);

  return (
    <Card data-testid={`endpoint-${endpoint.id}`}>
      <CardHeader>
        <CardTitle className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="min-w-0 font-mono text-sm break-all">{endpoint.url}</span>
          {endpoint.enabled ? null : <Badge variant="secondary">disabled</Badge>}
        </CardTitle>
        <CardDescription className="break-words">
          {endpoint.description || "No description"}
          {filters.length ? ` · only ${filters.join(", ")}` : " · every project"}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="flex flex-wrap gap-1" aria-label="Events">
          {endpoint.eventTypes.map((type) => (
            <li key={type}>
              <Badge variant="outline">{type}</Badge>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setShowDeliveries((shown) => !shown)}
            aria-expanded={showDeliveries}
          >
            {showDeliveries ? "Hide deliveries" : "Deliveries"}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={sendTest.isPending}
            onClick={async () => {
              try {
                await sendTest.mutateAsync(ids);
                toast.success("Test event queued");
                setShowDeliveries(true);
                await queryClient.invalidateQueries({ queryKey: trpc.webhooks.listDeliveries.pathKey() });
              } catch (error) {
                toast.error(messageOf(error));
              }
            }}
          >
            Send test event
          </Button>
          <EndpointDialog
            organizationId={organizationId}
            endpoint={endpoint}
            trigger={<ItemActionButton>Edit</ItemActionButton>}
          />
          <ConfirmDialog
            trigger={<ItemActionButton>Rotate secret</ItemActionButton>}
            title="Rotate signing secret"
            subject={endpoint.url}
            verb="Rotate"
            confirmLabel="Rotate secret"
            description="Requests are signed with the new secret from now on; the old one stops verifying at once. Update your receiver right after."
            onConfirm={async () => {
              const rotated = await rotate.mutateAsync(ids);
              onSecret({ url: rotated.endpoint.url, secret: rotated.secret });
            }}
          />
          <ConfirmDialog
            trigger={<ItemActionButton>Delete</ItemActionButton>}
            title="Delete webhook endpoint"
            subject={endpoint.url}
            description="No more events are sent to it, and its delivery history is deleted."
            onConfirm={async () => {
              await remove.mutateAsync(ids);
              await queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
            }}
          />
        </div>
        {showDeliveries ? <DeliveriesPanel organizationId={organizationId} endpointId={endpoint.id} /> : null}
      </CardContent>
    </Card>
  );
}

export function WebhooksPage({ organizationId, draft }: { organizationId: string; draft?: EndpointDraft }) {
  const trpc = useTRPC();
  const endpoints = useSuspenseInfiniteQuery(
    trpc.webhooks.listEndpoints.infiniteQueryOptions(
      { organizationId, limit: 25 },
      { getNextPageParam: (page) => page.nextCursor },
    ),
  );
  const secretDialog = useOneTimeSecretDialog();
  const [secretUrl, setSecretUrl] = useState("");
  const showSecret = (shown: { url: string; secret: string }) => {
    setSecretUrl(shown.url);
    secretDialog.show(shown.secret);
  };
  const items = endpoints.data.pages.flatMap((page) => page.items);
  const addButton = (
    <EndpointDialog
      organizationId={organizationId}
      draft={draft}
      defaultOpen={draft !== undefined}
      onCreated={showSecret}
      trigger={<AddButton>Add endpoint</AddButton>}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Webhooks"
        description="Your backend hears about connections, approvals and agent runs as they happen: Portico posts each event, signed, to the endpoints below."
        action={addButton}
      />
      {items.length === 0 ? (
        <EmptyState
          icon={Webhook}
          title="No webhook endpoints yet"
          description="Add the URL of your backend that should receive this organization's events."
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Webhook endpoints">
          {items.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard organizationId={organizationId} endpoint={endpoint} onSecret={showSecret} />
            </li>
          ))}
        </ul>
      )}
      {endpoints.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => endpoints.fetchNextPage()}
          disabled={endpoints.isFetchingNextPage}
        >
          Show more endpoints
        </Button>
      ) : null}
      <VerifyingRequests />
      <WebhookSecretDialog state={secretDialog} url={secretUrl} />
    </div>
  );
}
