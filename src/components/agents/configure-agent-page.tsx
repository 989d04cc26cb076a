// 'Configure Agent' (/app/project/{id}/agents/{agentId}): the agent's LLM credential, its four models
// (choices of the credential's provider), maxSteps, instructions and the servers it may use. The form
// checks with the server's own schema, so messages appear inline before anything is sent.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { KeyRound, Play } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { type FieldErrors, messageOf } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
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
import { NativeSelect } from "./native-select.tsx";

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

  const llmType: LlmType = credentials.find((c) => c.id === credentialId)?.llmType ?? "openai";
  const choices = modelChoices[llmType];

  const chooseCredential = (id: string) => {
    setCredentialId(id);
    const nextType = credentials.find((c) => c.id === id)?.llmType ?? "openai";
    // Another provider's models cannot run on this key: start from that provider's defaults.
    if (!Object.values(models).every((model) => modelChoices[nextType].includes(model))) {
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
          <Button asChild variant="outline">
            <Link to="/app/project/$projectId/agents/$agentId/runs" params={{ projectId, agentId }}>
              <Play className="size-4" aria-hidden="true" /> Runs
            </Link>
          </Button>
        }
      />
      {!canConfigure ? (
        <p className="text-sm text-muted-foreground">
          You can view this agent. Project editors and admins can change it.
        </p>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Agent configuration">
        <fieldset disabled={!canConfigure || save.isPending} className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Model</CardTitle>
              <CardDescription>
                Neo extracts the intent, selects servers, plans, then executes with tools: each stage can use
                its own model.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
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
                <NativeSelect value={credentialId} onChange={(e) => chooseCredential(e.target.value)}>
                  <option value="">No credential (the agent cannot run)</option>
                  {credentials.map((credential) => (
                    <option key={credential.id} value={credential.id}>
                      {credential.scope === "global" ? `${credential.label} · platform` : credential.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              {modelRoles.map((role) => (
                <FormField key={role} label={modelRoleLabels[role]}>
                  <NativeSelect
                    value={models[role]}
                    onChange={(e) => setModels({ ...models, [role]: e.target.value })}
                  >
                    {(choices.includes(models[role]) ? choices : [models[role], ...choices]).map((model) => (
                      <option key={model} value={model}>
                        {model}
                      </option>
                    ))}
                  </NativeSelect>
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
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Instructions and tools</CardTitle>
              <CardDescription>
                What the agent is for, and which of the project's servers it may use.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <FormField label="Instructions" error={errors.instructions}>
                <Textarea rows={6} value={instructions} onChange={(e) => setInstructions(e.target.value)} />
              </FormField>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium">Servers</legend>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={allServers}
                    onChange={(e) => setAllServers(e.target.checked)}
                  />
                  Every server of the project, including ones added later
                </label>
                {!allServers
                  ? servers.map((server) => (
                      <label key={server.id} className="ml-6 flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          checked={serverIds.includes(server.id)}
                          onChange={(e) =>
                            setServerIds(
                              e.target.checked
                                ? [...serverIds, server.id]
                                : serverIds.filter((id) => id !== server.id),
                            )
                          }
                        />
                        {server.name}
                      </label>
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
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={allowStandardTools}
                    onChange={(e) => setAllowStandardTools(e.target.checked)}
                  />
                  Standard tools (time, calculations, web pages)
                </label>
              </fieldset>
            </CardContent>
          </Card>
          {formError ? (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          ) : null}
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
