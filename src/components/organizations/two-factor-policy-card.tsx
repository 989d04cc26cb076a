// Organization settings: "Require two-factor authentication" (organizations/two-factor-policy.ts).
// Owners change it; admins and members see it read-only. Turning it on is confirmed with the number of
// members it would lock out, and needs the owner's own two-factor sign-in (the reason shows in place).

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { QueryResultError } from "~/components/errors/query-error.tsx";
import { Card, CardContent, CardHeading } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { Label } from "~/components/ui/label.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { Switch } from "~/components/ui/switch.tsx";
import { counted } from "~/lib/counted.ts";
import { useTRPC } from "~/lib/trpc.ts";

export function TwoFactorPolicyCard(props: {
  organizationId: string;
  organizationName: string;
  canChange: boolean;
}) {
  const { organizationId, organizationName, canChange } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const policy = useQuery(trpc.organization.getTwoFactorPolicy.queryOptions({ organizationId }));
  const account = useQuery({ ...trpc.account.get.queryOptions(), enabled: canChange });
  const change = useMutation(trpc.organization.setTwoFactorRequired.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const switchId = useId();

  const save = async (required: boolean) => {
    setError(null);
    const updated = await change.mutateAsync({ organizationId, required });
    queryClient.setQueryData(trpc.organization.getTwoFactorPolicy.queryKey({ organizationId }), updated);
    await queryClient.invalidateQueries({ queryKey: trpc.organizationMember.pathKey() });
    toast.success(
      required ? "Two-factor authentication is now required" : "Two-factor authentication is optional now",
    );
  };

  const required = policy.data?.required ?? false;
  const ownerLacksTwoFactor = canChange && !required && account.data?.twoFactorEnabled === false;
  const toggle = (
    <Switch
      id={switchId}
      checked={required}
      disabled={!canChange || ownerLacksTwoFactor || change.isPending || !policy.data}
      // Turning it off needs no confirmation; turning it on opens the dialog (the switch is its trigger).
      onCheckedChange={
        required
          ? () =>
              void save(false).catch((failure: unknown) => {
                setError(errorMessage(failure));
              })
          : undefined
      }
    />
  );
  const without = policy.data?.membersWithoutTwoFactor ?? 0;

  return (
    <Card data-testid="two-factor-policy">
      <CardHeading
        title="Two-factor authentication"
        description="Require every member to sign in with a code from an authenticator app. Members without it cannot open this organization or its projects until they set it up. API keys and connected MCP clients keep working."
      />
      <CardContent className="flex flex-col gap-3">
        {policy.isPending ? (
          <Skeleton className="h-5 w-64" />
        ) : policy.isError ? (
          <QueryResultError what="The two-factor policy" query={policy} />
        ) : (
          <div className="flex items-center gap-3">
            {required || !canChange || ownerLacksTwoFactor ? (
              toggle
            ) : (
              <ConfirmDialog
                trigger={toggle}
                title="Require two-factor authentication"
                subject={organizationName}
                verb="require two-factor authentication in"
                description={
                  without === 0
                    ? "Every member already has two-factor authentication."
                    : `${counted(without, "member")} ${without === 1 ? "does" : "do"} not have two-factor authentication yet: they cannot open ${organizationName} or its projects until they set it up.`
                }
                confirmLabel="Require"
                onConfirm={() => save(true)}
              />
            )}
            <Label htmlFor={switchId}>Require two-factor authentication</Label>
          </div>
        )}
        {!canChange ? (
          <p className="text-sm text-muted-foreground">Only owners can change this.</p>
        ) : ownerLacksTwoFactor ? (
          <p className="text-sm text-muted-foreground">
            Turn on two-factor authentication for your own account first, so you are not locked out yourself:{" "}
            <Link to="/app/account" hash="two-factor" className="underline">
              set it up on your account page
            </Link>
            .
          </p>
        ) : !required && without > 0 ? (
          <p className="text-sm text-muted-foreground">
            {counted(without, "member")} {without === 1 ? "has" : "have"} not set it up yet (see Members).
          </p>
        ) : null}
        <FormAlert message={error} />
      </CardContent>
    </Card>
  );
}
