// 'Configure Agent' (/app/project/{id}/agents/{agentId}): the agent's LLM credential, its four models
// (choices of the credential's provider), maxSteps, instructions and the servers it may use. The form
// checks with the server's own schema, so messages appear inline before anything is sent.
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { KeyRound, Play, Webhook } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { type FieldErrors, messageOf } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { CheckboxField } from "~/components/ui/checkbox.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { validateForm } from "~/components/ui/validate-form.ts";
import {
  type AgentModels,
  defaultModels,
  type LlmType,
  MAX_STEPS_MAX,
  MAX_STEPS_MIN,
  modelChoices,
  modelRoleLabels,
  modelRoles,
} from "~/lib/agents/models.ts";
import { agentConfigSchema } from "~/lib/agents/validation.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { OwnModelFields } from "./own-model-fields.tsx";

/** The credential select's "none" entry (a Radix item cannot have an empty value). */
const NO_CREDENTIAL = "none";

export function ConfigureAgentPage({ projectId, agentId }: { projectId: string; agentId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trpc.projectAgents.getProjectAgent.queryOptions({ projectId, agentId }));
  const save = useMutation(trpc.projectAgents.updateConfig.mutationOptions());
  const { agent, credentials, servers } = data;
  const canConfigure = data.permissions["agents.configure"];

  const [name, setName] = useState(agent.name);
  const [credentialId, setCredentialId] = useState(agent.llmCredentialId ?? "");
  const [models, setModels] = useState<AgentModels>(agent.models);
  const [maxSteps, setMaxSteps] = useState(String(agent.maxSteps));
  const [instructions, setInstructions] = useState(agent.instructions);
  const [allServers, setAllServers] = useState(agent.allowedServerIds === null);
  const [serverIds, setServerIds] = useState<string[]>(agent.allowedServerIds ?? servers.map((s) => s.id));
  const [allowStandardTools, setAllowStandardTools] = useState(agent.allowStandardTools);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const chosen = credentials.find((c) => c.id === credentialId);
  const llmType: LlmType = chosen?.llmType ?? "openai";
  const choices = modelChoices[llmType];
  // A server of its own (a base URL): its models as suggestions, any name typed accepted.
  const ownModels = useQuery({
    ...trpc.projectAgents.listCredentialModels.queryOptions({ projectId, credentialId }),
    enabled: chosen?.ownModels === true,
  });

  const chooseCredential = (id: string) => {
    setCredentialId(id);
    const next = credentials.find((c) => c.id === id);
    const nextType = next?.llmType ?? "openai";
    // Another provider's models cannot run on this key: start from that provider's defaults. A server
    // of its own keeps what is typed: its names are not known here.
    if (!next?.ownModels && !Object.values(models).every((model) => modelChoices[nextType].includes(model))) {
      setModels(defaultModels[nextType]);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const values = {
      name,
      llmCredentialId: credentialId || null,
      models,
      maxSteps: maxSteps.trim() === "" ? Number.NaN : Number(maxSteps),
      instructions,
      allowedServerIds: allServers ? null : serverIds,
      allowStandardTools,
    };
    const checked = validateForm(agentConfigSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ projectId, agentId, config: checked.data });
      await queryClient.invalidateQueries({ queryKey: trpc.projectAgents.pathKey() });
      toast.success(`Agent "${checked.data.name}" saved`);
    } catch (error) {
      const message = messageOf(error);
      setFormError(message);
      toast.error(message);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Configure Agent"
        description={`${agent.name} (${agent.agentType}) is the tool ${agent.toolName} on this project's MCP server.`}
        action={
          <>
            <Button asChild variant="outline">
              <Link to="/app/project/$projectId/agents/$agentId/runs" params={{ projectId, agentId }}>
                <Play className="size-4" aria-hidden="true" /> Runs
              </Link>
            </Button>
            {/* Each run's answer posted to the builder's backend: an endpoint filtered to this agent. */}
            {canConfigure ? (
              <Button asChild variant="outline">
                <Link
                  to="/app/organization/$organizationId/webhooks"
                  params={{ organizationId: data.organizationId }}
                  search={{ agent: agentId }}
                >
                  <Webhook className="size-4" aria-hidden="true" /> Send results to a webhook
                </Link>
              </Button>
            ) : null}
          </>
        }
      />
      {!canConfigure ? (
        <p className="text-sm text-muted-foreground">
          You can view this agent. Project editors and admins can change it.
        </p>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Agent configuration">
        <fieldset disabled={!canConfigure || save.isPending} className="flex flex-col gap-6">
          <SectionCard
            title="Model"
            description="Neo extracts the intent, selects servers, plans, then executes with tools: each stage can use its own model."
            contentClassName="grid gap-4 sm:grid-cols-2"
          >
            <FormField label="Name" error={errors.name}>
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
            </FormField>
            <FormField
              label="LLM credential"
              error={errors.llmCredentialId}
              hint={
                credentials.length === 0 ? (
                  <Link
                    to="/app/organization/$organizationId/llm-credentials"
                    params={{ organizationId: data.organizationId }}
                    className="inline-flex items-center gap-1 underline"
                  >
                    <KeyRound className="size-3" aria-hidden="true" /> Add an LLM credential to the
                    organization
                  </Link>
                ) : (
                  "The API key the agent's model calls use."
                )
              }
            >
              <OptionSelect
                value={credentialId || NO_CREDENTIAL}
                onValueChange={(value) => chooseCredential(value === NO_CREDENTIAL ? "" : value)}
                options={[
                  { value: NO_CREDENTIAL, label: "No credential (the agent cannot run)" },
                  ...credentials.map((credential) => ({
                    value: credential.id,
                    label:
                      credential.scope === "global" ? `${credential.label} · platform` : credential.label,
                  })),
                ]}
              />
            </FormField>
            {chosen?.ownModels ? (
              <OwnModelFields
                models={models}
                onChange={setModels}
                suggestions={ownModels.data?.models ?? []}
                loading={ownModels.isPending}
                problem={ownModels.data?.error ?? (ownModels.isError ? messageOf(ownModels.error) : null)}
              />
            ) : null}
            {chosen?.ownModels
              ? null
              : modelRoles.map((role) => (
                  <FormField key={role} label={modelRoleLabels[role]}>
                    <OptionSelect
                      value={models[role]}
                      onValueChange={(value) => setModels({ ...models, [role]: value })}
                      options={(choices.includes(models[role]) ? choices : [models[role], ...choices]).map(
                        (model) => ({ value: model, label: model }),
                      )}
                    />
                  </FormField>
                ))}
            <FormField
              label="Max steps"
              error={errors.maxSteps}
              hint={`Tool calls per run, ${MAX_STEPS_MIN}–${MAX_STEPS_MAX}. The run stops there and says so.`}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={MAX_STEPS_MIN}
                max={MAX_STEPS_MAX}
                step={1}
                value={maxSteps}
                onChange={(e) => setMaxSteps(e.target.value)}
              />
            </FormField>
          </SectionCard>
          <SectionCard
            title="Instructions and tools"
            description="What the agent is for, and which of the project's servers it may use."
            contentClassName="flex flex-col gap-4"
          >
            <FormField label="Instructions" error={errors.instructions}>
              <Textarea rows={6} value={instructions} onChange={(e) => setInstructions(e.target.value)} />
            </FormField>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Servers</legend>
              <CheckboxField checked={allServers} onCheckedChange={setAllServers}>
                Every server of the project, including ones added later
              </CheckboxField>
              {!allServers
                ? servers.map((server) => (
                    <CheckboxField
                      key={server.id}
                      className="ml-6"
                      checked={serverIds.includes(server.id)}
                      onCheckedChange={(checked) =>
                        setServerIds(
                          checked ? [...serverIds, server.id] : serverIds.filter((id) => id !== server.id),
                        )
                      }
                    >
                      {server.name}
                    </CheckboxField>
                  ))
                : null}
              {servers.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  This project has no servers yet:{" "}
                  <Link to="/app/project/$projectId/servers" params={{ projectId }} className="underline">
                    add one
                  </Link>{" "}
                  to give the agent your integrations.
                </p>
              ) : null}
              <CheckboxField checked={allowStandardTools} onCheckedChange={setAllowStandardTools}>
                Standard tools (time, calculations, web pages)
              </CheckboxField>
            </fieldset>
          </SectionCard>
          <ErrorText message={formError} />
          {canConfigure ? (
            <div>
              <Button type="submit">{save.isPending ? "Saving…" : "Save configuration"}</Button>
            </div>
          ) : null}
        </fieldset>
      </form>
    </div>
  );
}
