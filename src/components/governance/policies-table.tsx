// Every tool and server of the project with its policy: the action (or the default it gets without
// one), how many rules it has, and the rule editor.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { PolicyActionSelect, type PolicyActionValue, policyActionLabels } from "./policy-action-select.tsx";
import { type RuleDraft, RuleEditorDialog } from "./rule-editor-dialog.tsx";

export interface PolicyTarget {
  targetKind: "tool" | "server";
  target: string;
  label: string;
  detail: string;
  /** What it gets without a policy of its own. */
  fallback: string;
  policy: { action: PolicyActionValue; rules: RuleDraft[] } | null;
}

export function PoliciesTable({
  projectId,
  caption,
  targets,
  canManage,
}: {
  projectId: string;
  caption: string;
  targets: PolicyTarget[];
  canManage: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setPolicy = useMutation(trpc.governance.setPolicy.mutationOptions());
  const removePolicy = useMutation(trpc.governance.removePolicy.mutationOptions());
  const [editing, setEditing] = useState<PolicyTarget | null>(null);
  const [error, setError] = useState<string | null>(null);

  const change = async (target: PolicyTarget, value: PolicyActionValue | "inherit") => {
    setError(null);
    try {
      if (value === "inherit") {
        await removePolicy.mutateAsync({ projectId, targetKind: target.targetKind, target: target.target });
      } else {
        await setPolicy.mutateAsync({
          projectId,
          targetKind: target.targetKind,
          target: target.target,
          action: value,
          rules: target.policy?.rules ?? [],
        });
      }
      await queryClient.invalidateQueries({ queryKey: trpc.governance.getPolicies.queryKey({ projectId }) });
      toast.success(`Policy of ${target.label} saved`);
    } catch (caught) {
      setError(`${target.label}: ${messageOf(caught)}`);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <ErrorText message={error} />
      <Table>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Policy</TableHead>
            <TableHead className="hidden sm:table-cell">Rules</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {targets.map((target) => (
            <TableRow key={`${target.targetKind}:${target.target}`} data-testid={`policy-${target.target}`}>
              <TableCell className="max-w-48 align-top whitespace-normal sm:max-w-none">
                <div className="font-medium break-all">{target.label}</div>
                <div className="text-xs text-muted-foreground">{target.detail}</div>
              </TableCell>
              <TableCell className="align-top">
                <div className="flex flex-col gap-2">
                  <PolicyActionSelect
                    label={`Policy of ${target.label}`}
                    value={target.policy?.action ?? "inherit"}
                    inherit={`Default: ${target.fallback}`}
                    disabled={!canManage || setPolicy.isPending || removePolicy.isPending}
                    onChange={(value) => change(target, value)}
                  />
                  <div className="sm:hidden">
                    <RulesButton target={target} canManage={canManage} onEdit={() => setEditing(target)} />
                  </div>
                </div>
              </TableCell>
              <TableCell className="hidden align-top sm:table-cell">
                <RulesButton target={target} canManage={canManage} onEdit={() => setEditing(target)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing ? (
        <RuleEditorDialog
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          projectId={projectId}
          targetKind={editing.targetKind}
          target={editing.target}
          targetLabel={editing.label}
          action={editing.policy?.action ?? "allow"}
          rules={editing.policy?.rules ?? []}
        />
      ) : null}
    </div>
  );
}

function RulesButton({
  target,
  canManage,
  onEdit,
}: {
  target: PolicyTarget;
  canManage: boolean;
  onEdit: () => void;
}) {
  const count = target.policy?.rules.length ?? 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {count ? <Badge variant="secondary">{count === 1 ? "1 rule" : `${count} rules`}</Badge> : null}
      {canManage ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={`Edit rules of ${target.label}`}
        >
          Edit rules
        </Button>
      ) : null}
    </div>
  );
}

export const fallbackText = (action: PolicyActionValue) => policyActionLabels[action].toLowerCase();
