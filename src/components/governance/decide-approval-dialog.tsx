// Approve or deny one held call, with an optional reason the caller reads.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Dialog, DialogContent } from "~/components/ui/dialog.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { FormDialogForm } from "~/components/ui/form-dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { useTRPC } from "~/lib/trpc.ts";

interface Props {
  projectId: string;
  approval: { id: string; summary: string; kind: "approve" | "confirm" };
  decision: "approve" | "deny";
  onClose: () => void;
}

export function DecideApprovalDialog({ projectId, approval, decision, onClose }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const decide = useMutation(trpc.governance.decide.mutationOptions());
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const confirm = approval.kind === "confirm";
  const verb = decision === "approve" ? (confirm ? "Confirm" : "Approve") : confirm ? "Decline" : "Deny";

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await decide.mutateAsync({
        projectId,
        approvalId: approval.id,
        decision,
        reason: reason.trim() || undefined,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.governance.getApprovals.queryKey({ projectId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.governance.getPendingCount.queryKey({ projectId }) }),
      ]);
      toast.success(decision === "approve" ? "Approved: the call runs now" : "Denied: the call will not run");
      onClose();
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <FormDialogForm
          title={<>{verb} this call?</>}
          description={
            <>
              {approval.summary}.{" "}
              {decision === "approve"
                ? "It runs once, right away, as the caller asked."
                : "It will not run; the caller reads your reason."}
            </>
          }
          onSubmit={submit}
          pending={decide.isPending}
          submitLabel={verb}
          pendingLabel="Saving…"
          destructive={decision !== "approve"}
          onCancel={onClose}
          // Closing never waited for the decision to be saved; Cancel does not either.
          cancelDisabled={false}
        >
          <FormField
            label="Reason (optional)"
            hint="Shown to the caller and kept in the call log and audit log."
          >
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              rows={2}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
          <ErrorText message={error} />
        </FormDialogForm>
      </DialogContent>
    </Dialog>
  );
}
