// A project's Protect writes switch (destructive tools without a policy ask the caller to confirm) and
// whether a reviewer may approve their own request.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { Switch } from "~/components/ui/switch.tsx";
import { useTRPC } from "~/lib/trpc.ts";

interface Props {
  projectId: string;
  protectWrites: boolean;
  allowSelfApproval: boolean;
  canManage: boolean;
}

export function GovernanceSettingsCard({ projectId, protectWrites, allowSelfApproval, canManage }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.governance.setSettings.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  const change = async (next: { protectWrites: boolean; allowSelfApproval: boolean }) => {
    setError(null);
    try {
      await save.mutateAsync({ projectId, ...next });
      await queryClient.invalidateQueries({ queryKey: trpc.governance.getPolicies.queryKey({ projectId }) });
      toast.success("Saved");
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  const row = (
    id: string,
    label: string,
    text: string,
    checked: boolean,
    onChange: (checked: boolean) => void,
  ) => (
    <div className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      <Switch id={id} checked={checked} disabled={!canManage || save.isPending} onCheckedChange={onChange} />
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-4" aria-hidden="true" /> Protection
        </CardTitle>
        <CardDescription>What happens to calls of tools without a policy of their own.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {row(
          "protect-writes",
          "Protect writes",
          "Tools that delete, send or overwrite (marked destructive) ask the calling person to confirm in their own client. Read-only tools run as before.",
          protectWrites,
          (checked) => change({ protectWrites: checked, allowSelfApproval }),
        )}
        {row(
          "allow-self-approval",
          "Reviewers may approve their own requests",
          "Off: a call a reviewer made waits for another reviewer.",
          allowSelfApproval,
          (checked) => change({ protectWrites, allowSelfApproval: checked }),
        )}
        {canManage ? null : (
          <p className="text-sm text-muted-foreground">Editors and admins of the project can change these.</p>
        )}
        <ErrorText message={error} />
      </CardContent>
    </Card>
  );
}
