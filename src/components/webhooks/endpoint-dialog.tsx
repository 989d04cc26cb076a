// Adds or edits a webhook endpoint: its URL, a description, the events it wants and optional project and
// agent filters. Checked inline with the server's own schema; the server's refusal (a private address,
// a filter of another organization) is shown in the form.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { toast } from "sonner";
import { type FieldErrors, fieldErrorsOf, messageOf } from "~/components/forms/form-errors.ts";
import { useSubmitForm } from "~/components/forms/use-submit-form.ts";
import { CheckboxField } from "~/components/ui/checkbox.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { FormDialog } from "~/components/ui/form-dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";
import { validateForm } from "~/components/ui/validate-form.ts";
import {
  type WebhookEventType,
  webhookEventTypeIds,
  webhookEventTypes,
} from "~/lib/builder-webhooks/event-types.ts";
import { createEndpointInput, type WebhookEndpointView } from "~/lib/builder-webhooks/schemas.ts";
import { useTRPC } from "~/lib/trpc.ts";

/** The selects' "no filter" entry (a Radix item cannot have an empty value). */
const ANY = "any";

export interface EndpointDraft {
  agentId?: string | null;
  eventTypes?: WebhookEventType[];
}

export function EndpointDialog({
  organizationId,
  endpoint,
  draft,
  trigger,
  defaultOpen = false,
  onCreated,
}: {
  organizationId: string;
  endpoint?: WebhookEndpointView;
  /** A new endpoint's starting values (the agent page's "send results to a webhook"). */
  draft?: EndpointDraft;
  trigger: ReactNode;
  defaultOpen?: boolean;
  onCreated?: (created: { url: string; secret: string }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: options } = useSuspenseQuery(trpc.webhooks.filterOptions.queryOptions({ organizationId }));
  const create = useMutation(trpc.webhooks.createEndpoint.mutationOptions());
  const update = useMutation(trpc.webhooks.updateEndpoint.mutationOptions());
  const pending = create.isPending || update.isPending;
  const [open, setOpen] = useState(defaultOpen);
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [eventTypes, setEventTypes] = useState<WebhookEventType[]>(
    endpoint?.eventTypes ?? draft?.eventTypes ?? [...webhookEventTypeIds],
  );
  const [agentId, setAgentId] = useState(endpoint?.agentId ?? draft?.agentId ?? ANY);
  const [projectId, setProjectId] = useState(
    endpoint?.projectId ?? options.agents.find((agent) => agent.id === draft?.agentId)?.projectId ?? ANY,
  );
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const { errors, setErrors, formError, setFormError, reset } = useSubmitForm();
  const agents = options.agents.filter((agent) => projectId === ANY || agent.projectId === projectId);

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEventTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const values = {
      url,
      description,
      eventTypes,
      projectId: projectId === ANY ? null : projectId,
      agentId: agentId === ANY ? null : agentId,
      enabled,
    };
    const checked = validateForm(createEndpointInput, values);
    if (!checked.ok) {
      setErrors(checked.errors as FieldErrors);
      return;
    }
    setErrors({});
    try {
      if (endpoint) {
        await update.mutateAsync({ organizationId, endpointId: endpoint.id, ...values });
        toast.success("Webhook endpoint saved");
      } else {
        const created = await create.mutateAsync({ organizationId, ...values });
        onCreated?.({ url: created.endpoint.url, secret: created.secret });
      }
      await queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
      setOpen(false);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFormError(messageOf(error));
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        reset();
      }}
      trigger={trigger}
      title={endpoint ? "Edit webhook endpoint" : "Add webhook endpoint"}
      description="Portico posts each event to this URL, signed with the endpoint's secret, and retries for hours when it does not answer 2xx."
      onSubmit={submit}
      aria-label="Webhook endpoint"
      pending={pending}
      submitLabel={endpoint ? "Save endpoint" : "Add endpoint"}
      pendingLabel="Saving…"
    >
      <ErrorText message={formError} />
      <FormField label="URL" error={errors.url} hint="For example: https://api.example.com/portico/events">
        <Input type="url" value={url} onChange={(e) => setUrl(e.target.value)} autoComplete="off" />
      </FormField>
      <FormField label="Description (optional)" error={errors.description}>
        <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        {webhookEventTypeIds.map((type) => (
          <CheckboxField
            key={type}
            checked={eventTypes.includes(type)}
            onCheckedChange={(on) => toggle(type, on)}
          >
            <span>
              <code className="text-xs">{type}</code>{" "}
              <span className="text-muted-foreground">{webhookEventTypes[type]}</span>
            </span>
          </CheckboxField>
        ))}
        <ErrorText message={errors.eventTypes} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Project" hint="Connection events belong to no project." error={errors.projectId}>
          <OptionSelect
            value={projectId}
            onValueChange={(value) => {
              setProjectId(value);
              setAgentId(ANY);
            }}
            options={[
              { value: ANY, label: "Every project" },
              ...options.projects.map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
        </FormField>
        <FormField label="Agent" error={errors.agentId}>
          <OptionSelect
            value={agentId}
            onValueChange={setAgentId}
            options={[
              { value: ANY, label: "Every agent" },
              ...agents.map((a) => ({ value: a.id, label: a.name })),
            ]}
          />
        </FormField>
      </div>
      <CheckboxField checked={enabled} onCheckedChange={setEnabled}>
        Enabled
      </CheckboxField>
    </FormDialog>
  );
}
