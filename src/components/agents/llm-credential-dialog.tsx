// Adds or edits an LLM credential. The key is checked inline with requirements §5's rules, then by the server
// with the provider itself; a refusal is shown in the form. Editing without a new key keeps the old one.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { toast } from "sonner";
import { type FieldErrors, messageOf } from "~/components/forms/form-errors.ts";
import { useSubmitForm } from "~/components/forms/use-submit-form.ts";
import { AddButton } from "~/components/ui/add-button.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { FormDialog } from "~/components/ui/form-dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";
import { type LlmType, llmTypeLabels, llmTypes } from "~/lib/agents/models.ts";
import { llmApiKeySchema, llmCredentialInputSchema } from "~/lib/agents/validation.ts";
import { useTRPC } from "~/lib/trpc.ts";

export interface EditedCredential {
  id: string;
  name: string;
  llmType: LlmType;
  baseUrl: string | null;
  projectId: string | null;
  keyHint: string;
}

/** Without an organization it edits a platform-wide credential (site admins). */
export function LlmCredentialDialog({
  organizationId,
  credential,
  trigger,
}: {
  organizationId?: string;
  credential?: EditedCredential;
  trigger: ReactNode;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saveOwn = useMutation(trpc.llmCredentials.saveOrganizationLlmCredential.mutationOptions());
  const saveGlobal = useMutation(trpc.llmCredentials.saveGlobalLlmCredential.mutationOptions());
  const save = organizationId ? saveOwn : saveGlobal;
  const [open, setOpen] = useState(false);
  const [llmType, setLlmType] = useState<LlmType>(credential?.llmType ?? "openai");
  const [name, setName] = useState(credential?.name ?? "");
  const [apiKey, setApiKey] = useState("");
  const [baseUrl, setBaseUrl] = useState(credential?.baseUrl ?? "");
  const [projectId, setProjectId] = useState(credential?.projectId ?? "");
  const { errors, setErrors, formError, setFormError, reset } = useSubmitForm();
  const keepsKey = credential !== undefined && credential.llmType === llmType;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const values = {
      llmType,
      name,
      apiKey: apiKey.trim() || undefined,
      ...(llmType === "openai" ? { baseUrl: baseUrl.trim() || undefined } : {}),
      ...(llmType === "google" ? { projectId: projectId.trim() || undefined } : {}),
    };
    const found: FieldErrors = {};
    const parsed = llmCredentialInputSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    }
    if (!(keepsKey && !apiKey.trim())) {
      const key = llmApiKeySchema[llmType].safeParse(apiKey);
      if (!key.success) found.apiKey = key.error.issues[0]?.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (organizationId) await saveOwn.mutateAsync({ organizationId, credentialId: credential?.id, values });
      else await saveGlobal.mutateAsync({ credentialId: credential?.id, values });
      await queryClient.invalidateQueries({ queryKey: trpc.llmCredentials.pathKey() });
      toast.success(`LLM credential "${name.trim()}" saved`);
      setOpen(false);
    } catch (error) {
      setFormError(messageOf(error));
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        reset();
        setApiKey("");
      }}
      trigger={trigger}
      title={credential ? `Edit ${credential.name}` : "Add LLM credential"}
      description="Agents use it to call their models. The key is checked with the provider before it is saved and stored encrypted."
      onSubmit={submit}
      aria-label="LLM credential"
      pending={save.isPending}
      submitLabel="Save credential"
      pendingLabel="Checking the key…"
    >
      <FormField label="Provider">
        <OptionSelect
          value={llmType}
          onValueChange={(value) => setLlmType(value as LlmType)}
          options={llmTypes.map((type) => ({ value: type, label: llmTypeLabels[type] }))}
        />
      </FormField>
      <FormField label="Name" error={errors.name} hint="For example: OpenAI production">
        <Input value={name} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <FormField
        label="API key"
        error={errors.apiKey}
        hint={keepsKey ? `Leave empty to keep the saved key (${credential?.keyHint}).` : undefined}
      >
        <Input
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          placeholder={llmType === "openai" ? "sk-…" : undefined}
        />
      </FormField>
      {llmType === "openai" ? (
        <FormField
          label="Base URL (optional)"
          error={errors.baseUrl}
          hint="For OpenAI-compatible servers, e.g. https://llm.example.com/v1"
        >
          <Input type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
        </FormField>
      ) : null}
      {llmType === "google" ? (
        <FormField label="Project ID (optional)" error={errors.projectId}>
          <Input value={projectId} onChange={(e) => setProjectId(e.target.value)} />
        </FormField>
      ) : null}
      <ErrorText message={formError} />
    </FormDialog>
  );
}

/** The pages' "Add LLM credential" button and its dialog. */
export function AddLlmCredentialDialog({ organizationId }: { organizationId?: string }) {
  return (
    <LlmCredentialDialog
      organizationId={organizationId}
      trigger={<AddButton>Add LLM credential</AddButton>}
    />
  );
}
