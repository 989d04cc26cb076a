// The rules of one tool's or server's policy: conditions in CEL on the call's arguments and caller,
// tried in order, each checked as it is typed with the same checker the server compiles them with
// (lib/governance/rule-language.ts), so a rule that would be refused says why before it is saved.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { Dialog, DialogContent } from "~/components/ui/dialog.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { FormDialogForm } from "~/components/ui/form-dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { compileCondition } from "~/lib/governance/rule-language.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { PolicyActionSelect, type PolicyActionValue } from "./policy-action-select.tsx";

export interface RuleDraft {
  when: string;
  action: PolicyActionValue;
}

interface Props {
  projectId: string;
  targetKind: "tool" | "server";
  target: string;
  targetLabel: string;
  action: PolicyActionValue;
  rules: RuleDraft[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RuleEditorDialog(props: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.governance.setPolicy.mutationOptions());
  const [action, setAction] = useState<PolicyActionValue>(props.action);
  const [rules, setRules] = useState<RuleDraft[]>(props.rules.length ? props.rules : []);
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();
  const checks = rules.map((rule) => (rule.when.trim() ? compileCondition(rule.when) : null));
  const invalid = checks.some((check, index) => check === null || !check.ok || !rules[index]?.when.trim());

  const update = (index: number, patch: Partial<RuleDraft>) =>
    setRules((current) => current.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (invalid) {
      setError("Fix the rules marked above first.");
      return;
    }
    try {
      await save.mutateAsync({
        projectId: props.projectId,
        targetKind: props.targetKind,
        target: props.target,
        action,
        rules,
      });
      await queryClient.invalidateQueries({
        queryKey: trpc.governance.getPolicies.queryKey({ projectId: props.projectId }),
      });
      toast.success(`Policy of ${props.targetLabel} saved`);
      props.onOpenChange(false);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <FormDialogForm
          title={<>Rules for {props.targetLabel}</>}
          description={
            <>
              Conditions in CEL, tried in order: the first that holds decides. Write them over{" "}
              <code>args</code> (the call's arguments), <code>caller</code> (<code>person</code>,{" "}
              <code>kind</code>, <code>name</code>) and <code>tool</code> (<code>name</code>,{" "}
              <code>server</code>), for example <code>!args.to.endsWith("@acme.com")</code> or{" "}
              <code>has(args.amount) &amp;&amp; args.amount &gt; 10000</code>.
            </>
          }
          onSubmit={submit}
          pending={save.isPending}
          submitLabel="Save policy"
          pendingLabel="Saving…"
          onCancel={() => props.onOpenChange(false)}
          // The page owns whether this dialog is open and does not hold it open during a save; nor does Cancel.
          cancelDisabled={false}
        >
          {rules.map((rule, index) => {
            const check = checks[index];
            const message =
              check && !check.ok ? check.error : rule.when.trim() ? undefined : "Write a condition";
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id until saved; their order is their identity
              <fieldset key={index} className="flex flex-col gap-2 rounded-md border p-3">
                <legend className="px-1 text-sm font-medium">Rule {index + 1}</legend>
                <FormField label="When" error={message} hint={message ? undefined : "Valid condition"}>
                  <Textarea
                    id={`${baseId}-rule-${index}`}
                    value={rule.when}
                    rows={2}
                    className="font-mono text-sm"
                    onChange={(event) => update(index, { when: event.target.value })}
                  />
                </FormField>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <PolicyActionSelect
                    label={`Action of rule ${index + 1}`}
                    value={rule.action}
                    onChange={(value) => update(index, { action: value === "inherit" ? "approve" : value })}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => setRules((current) => current.filter((_, at) => at !== index))}
                  >
                    <Trash2 aria-hidden="true" /> Remove rule {index + 1}
                  </Button>
                </div>
              </fieldset>
            );
          })}
          <Button
            type="button"
            variant="outline"
            className="self-start"
            onClick={() => setRules((current) => [...current, { when: "", action: "approve" }])}
          >
            <Plus aria-hidden="true" /> Add a rule
          </Button>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${baseId}-otherwise`} className="text-sm font-medium">
              {rules.length ? "When no rule holds" : "Every call"}
            </label>
            <PolicyActionSelect
              id={`${baseId}-otherwise`}
              label="Action when no rule holds"
              value={action}
              onChange={(value) => setAction(value === "inherit" ? "allow" : value)}
            />
          </div>
          <ErrorText message={error} />
        </FormDialogForm>
      </DialogContent>
    </Dialog>
  );
}
