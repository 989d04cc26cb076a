// The four model fields for a credential with a base URL (Ollama, vLLM, LM Studio, OpenRouter, Azure
// OpenAI): free text, with the server's own model names (from its models endpoint) as suggestions.
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { type AgentModels, modelRoleLabels, modelRoles } from "~/lib/agents/models.ts";

const LIST_ID = "credential-server-models";

export function OwnModelFields({
  models,
  onChange,
  suggestions,
  loading,
  problem,
}: {
  models: AgentModels;
  onChange: (models: AgentModels) => void;
  suggestions: string[];
  loading: boolean;
  problem: string | null;
}) {
  const hint = loading
    ? "Reading the server's models…"
    : problem
      ? `${problem} Type the model's name as the server knows it.`
      : suggestions.length > 0
        ? `The server offers ${suggestions.length} model${suggestions.length === 1 ? "" : "s"}; any other name can be typed.`
        : "The server listed no models: type the model's name as the server knows it.";
  return (
    <>
      <datalist id={LIST_ID}>
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {modelRoles.map((role, index) => (
        <FormField key={role} label={modelRoleLabels[role]} hint={index === 0 ? hint : undefined}>
          <Input
            list={LIST_ID}
            value={models[role]}
            autoComplete="off"
            maxLength={100}
            onChange={(event) => onChange({ ...models, [role]: event.target.value })}
          />
        </FormField>
      ))}
    </>
  );
}
