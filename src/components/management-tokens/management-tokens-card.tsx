// The organization settings' way to its management tokens page: what they are, and the link (owners
// and admins), or why a member cannot follow it.
import { Link } from "@tanstack/react-router";
import { ActionCard } from "~/components/ui/action-card.tsx";
import { buttonVariants } from "~/components/ui/button-variants.ts";

export function ManagementTokensCard({
  organizationId,
  canManage,
}: {
  organizationId: string;
  canManage: boolean;
}) {
  return (
    <ActionCard
      title="Management tokens"
      description="Tokens for your own backend to manage this organization through the management API."
    >
      {canManage ? (
        <Link
          to="/app/organization/$organizationId/management-tokens"
          params={{ organizationId }}
          className={buttonVariants({ variant: "outline" })}
        >
          Manage tokens
        </Link>
      ) : (
        <p className="text-sm text-muted-foreground">
          Only owners and admins of this organization can manage its management tokens.
        </p>
      )}
    </ActionCard>
  );
}
