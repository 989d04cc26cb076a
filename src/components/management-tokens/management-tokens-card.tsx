// The organization settings' way to its management tokens page: what they are, and the link (owners
// and admins), or why a member cannot follow it.
import { Link } from "@tanstack/react-router";
import { buttonVariants } from "~/components/ui/button-variants.ts";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card.tsx";

export function ManagementTokensCard({
  organizationId,
  canManage,
}: {
  organizationId: string;
  canManage: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Management tokens</CardTitle>
        <CardDescription>
          Tokens for your own backend to manage this organization through the management API.
        </CardDescription>
      </CardHeader>
      <CardFooter className="pt-4">
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
      </CardFooter>
    </Card>
  );
}
