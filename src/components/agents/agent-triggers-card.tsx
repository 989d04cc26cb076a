// An agent's webhook triggers, on its runs page: a URL another service POSTs to, which starts a run of the
// stored request with the posted body as context, as the person who made the trigger. The URL carries a
// secret and is shown once, in a dialog right after it is made or regenerated (closing it before a copy
// asks first, as for API keys); regenerating stops the old URL. A "new Outlook mail" trigger has no URL:
// Microsoft Graph notifies Portico of each new Inbox message, and its row shows whether the
// subscription delivers and until when (it is renewed before then).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Webhook } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { OneTimeSecretDialog } from "~/components/api-keys/one-time-secret-dialog.tsx";
import { useOneTimeSecretDialog } from "~/components/api-keys/use-one-time-secret-dialog.ts";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { useInlineForm } from "~/components/forms/use-inline-form.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeading } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { ItemActionButton } from "~/components/ui/item-action-button.tsx";
import { QueryStates } from "~/components/ui/query-states.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import {
  PUSH_TRIGGER_SOURCES,
  TRIGGER_SOURCES,
  type TriggerSource,
  triggerFormSchema,
} from "~/lib/agents/trigger.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { ChoiceSelect } from "./choice-select.tsx";
import { emailedTo, ResultRecipientsField } from "./result-recipients-field.tsx";

const SOURCE_LABELS: Record<TriggerSource, string> = {
  webhook: "Any service",
  hubspot: "HubSpot webhooks",
  "outlook-mail": "New Outlook mail",
};

const SOURCE_HINTS: Record<TriggerSource, string> = {
  webhook: "The URL's secret is the proof: anyone with the URL can start a run.",
  hubspot:
    "Paste the URL as your HubSpot app's webhook target; each request's v3 signature is checked with the organization's HubSpot app secret.",
  "outlook-mail":
    "Each new message in the Inbox of the project's Outlook Email connection starts a run with the message; Microsoft Graph's notifications are checked by a secret only Graph and Portico know.",
};

export function AgentTriggersCard({
  projectId,
  agentId,
  canTrigger,
}: {
  projectId: string;
  agentId: string;
  canTrigger: boolean;
}) {
  const trpc = useTRPC();
  const triggers = useQuery(trpc.projectAgents.listTriggers.queryOptions({ projectId, agentId }));
  const urlDialog = useOneTimeSecretDialog();
  const [urlOf, setUrlOf] = useState("");
  const showUrl = (triggerName: string, url: string) => {
    setUrlOf(triggerName);
    urlDialog.show(url);
  };

  return (
    <Card>
      <CardHeading
        title="Webhook triggers"
        description={
          <>
            Another service POSTs to a trigger's URL to start a run: the agent gets the request below with the
            posted body, and acts as the person who made the trigger. Send an <code>X-Delivery-Id</code>{" "}
            header to have a repeated delivery start nothing new. A "New Outlook mail" trigger has no URL:
            each new message in the Inbox of the project's Outlook connection starts a run. A run a trigger
            started is marked "Webhook" under Past runs.
          </>
        }
      />
      <CardContent className="flex flex-col gap-6">
        <QueryStates
          query={triggers}
          what="The triggers"
          pending={<Skeleton className="h-12 w-full" aria-busy="true" />}
          empty={
            <EmptyState
              icon={Webhook}
              title="No trigger yet"
              description={
                canTrigger
                  ? "Add one below to start this agent from another service."
                  : "Project editors and admins can add triggers."
              }
            />
          }
        >
          {(list) => (
            <ul className="flex flex-col gap-3" aria-label="Webhook triggers">
              {list.map((trigger) => (
                <TriggerRow
                  key={trigger.id}
                  projectId={projectId}
                  trigger={trigger}
                  onUrl={(url) => showUrl(trigger.name, url)}
                />
              ))}
            </ul>
          )}
        </QueryStates>
        {canTrigger ? (
          <NewTriggerForm
            projectId={projectId}
            agentId={agentId}
            onCreated={(created) => showUrl(created.name, created.url)}
          />
        ) : null}
        <OneTimeSecretDialog
          state={urlDialog}
          wording={{
            label: "Trigger URL",
            title: "Copy the trigger URL",
            description: `For ${urlOf}. Another service POSTs to it to start a run.`,
            descriptionClassName: "break-words",
            warning:
              "Copy this URL now: it holds the trigger's secret and is not shown again. Regenerate it if it is lost.",
            askTitle: "Did you copy the trigger URL?",
            askDescription:
              "Once this dialog closes nobody can see the URL again. Without a copy you would have to regenerate it.",
            backLabel: "Back to the URL",
          }}
        />
      </CardContent>
    </Card>
  );
}

interface TriggerView {
  id: string;
  name: string;
  source: TriggerSource;
  request: string;
  deliverTo: string[];
  lastTriggeredAt: Date | string | null;
  createdBy: { name: string };
  subscription: { status: string; expiresAt: Date | string | null; statusReason: string | null } | null;
}

/** An Outlook trigger's Graph subscription: delivering until its expiry (renewed before), or why not. */
function SubscriptionState({ subscription }: { subscription: TriggerView["subscription"] }) {
  if (!subscription) return null;
  if (subscription.status !== "active")
    return (
      <p className="text-xs text-destructive" role="status">
        Not watching the Inbox: {subscription.statusReason ?? "Microsoft Graph ended the subscription"}.
        Remove the trigger and add it again.
      </p>
    );
  return (
    <p className="text-xs text-muted-foreground" role="status">
      Watching the Inbox
      {subscription.expiresAt ? (
        <>
          {" · subscription until "}
          <DateTime value={subscription.expiresAt} />
          {", renewed a day before"}
        </>
      ) : null}
    </p>
  );
}

function TriggerRow({
  projectId,
  trigger,
  onUrl,
}: {
  projectId: string;
  trigger: TriggerView;
  onUrl: (url: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const regenerate = useMutation(trpc.projectAgents.regenerateTriggerSecret.mutationOptions());
  const remove = useMutation(trpc.projectAgents.deleteTrigger.mutationOptions());
  const push = PUSH_TRIGGER_SOURCES.includes(trigger.source);

  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-md border p-3 text-sm">
      <span className="font-medium break-words">
        {trigger.name} <span className="text-muted-foreground">({SOURCE_LABELS[trigger.source]})</span>
      </span>
      <p className="line-clamp-2 break-words">{trigger.request}</p>
      <p className="text-xs text-muted-foreground">
        Runs as {trigger.createdBy.name}
        {emailedTo(trigger.deliverTo.length)}
        {trigger.lastTriggeredAt ? (
          <>
            {" · last delivery "}
            <DateTime value={trigger.lastTriggeredAt} />
          </>
        ) : null}
      </p>
      <SubscriptionState subscription={trigger.subscription} />
      <div className="flex flex-wrap gap-2">
        {push ? null : (
          <ConfirmDialog
            trigger={<ItemActionButton>Regenerate URL</ItemActionButton>}
            title="Regenerate the trigger URL"
            subject={trigger.name}
            description="The current URL stops working at once; services that call it need the new one."
            confirmLabel="Regenerate"
            onConfirm={async () => {
              const renewed = await regenerate.mutateAsync({ projectId, triggerId: trigger.id });
              onUrl(renewed.url);
            }}
          />
        )}
        <ConfirmDialog
          trigger={<ItemActionButton>Remove</ItemActionButton>}
          title="Remove trigger"
          subject={trigger.name}
          description={
            push ? "New mail stops starting runs. Past runs stay." : "Its URL stops working. Past runs stay."
          }
          confirmLabel="Remove"
          onConfirm={async () => {
            await remove.mutateAsync({ projectId, triggerId: trigger.id });
            await queryClient.invalidateQueries({ queryKey: trpc.projectAgents.listTriggers.pathKey() });
            toast.success("Trigger removed");
          }}
        />
      </div>
    </li>
  );
}

function NewTriggerForm({
  projectId,
  agentId,
  onCreated,
}: {
  projectId: string;
  agentId: string;
  onCreated: (created: { name: string; url: string }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.projectAgents.createTrigger.mutationOptions());
  const outlook = useQuery(trpc.projectAgents.outlookTriggerAvailability.queryOptions({ projectId }));
  const outlookReason = outlook.data && !outlook.data.available ? outlook.data.reason : null;
  const [deliverTo, setDeliverTo] = useState<string[]>([]);
  const form = useInlineForm({
    schema: triggerFormSchema,
    initial: { source: "webhook", name: "", request: "" },
    save: async (data) => {
      const created = await create.mutateAsync({ ...data, deliverTo, projectId, agentId });
      // Graph calls an Outlook trigger: its notification URL holds no secret and is not shown.
      if (!PUSH_TRIGGER_SOURCES.includes(data.source)) onCreated({ name: data.name, url: created.url });
    },
    onSaved: async () => {
      const push = PUSH_TRIGGER_SOURCES.includes(form.values.source as TriggerSource);
      form.update("name", "");
      form.update("request", "");
      setDeliverTo([]);
      await queryClient.invalidateQueries({ queryKey: trpc.projectAgents.listTriggers.pathKey() });
      toast.success(
        push ? "Trigger added: new Inbox mail now starts a run" : "Trigger added: copy its URL now",
      );
    },
  });
  const { values, errors } = form;

  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4" aria-label="New trigger">
      <h3 className="text-sm font-semibold">New trigger</h3>
      <FormAlert message={form.serverError} />
      <FormField label="Called by" error={errors.source} hint={SOURCE_HINTS[values.source as TriggerSource]}>
        <ChoiceSelect
          value={values.source}
          onChange={(value) => form.update("source", value)}
          options={TRIGGER_SOURCES.map((each) => [
            each,
            SOURCE_LABELS[each],
            each === "outlook-mail" && outlook.data?.available !== true,
          ])}
        />
      </FormField>
      {outlookReason ? (
        <p className="text-xs text-muted-foreground" data-testid="outlook-trigger-unavailable">
          {SOURCE_LABELS["outlook-mail"]} is unavailable: {outlookReason}
        </p>
      ) : null}
      <FormField label="Name" error={errors.name} hint="Who calls it, e.g. Zendesk new tickets">
        <Input value={values.name} onChange={(event) => form.update("name", event.target.value)} />
      </FormField>
      <FormField label="Request for each delivery" error={errors.request}>
        <Textarea
          rows={2}
          value={values.request}
          onChange={(event) => form.update("request", event.target.value)}
          placeholder="Triage this ticket and add a note to the customer's deal"
        />
      </FormField>
      <ResultRecipientsField projectId={projectId} value={deliverTo} onChange={setDeliverTo} />
      <div>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? "Adding…" : "Add trigger"}
        </Button>
      </div>
    </form>
  );
}
