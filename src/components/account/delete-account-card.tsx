import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { toast } from "sonner";
import { ActionCard } from "~/components/ui/action-card.tsx";
import { Button } from "~/components/ui/button.tsx";
import { CardContent } from "~/components/ui/card.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { PasswordDialog } from "./password-dialog.tsx";

interface DeleteAccountCardProps {
  email: string;
  /** Organizations the person is the only owner of: deletion waits until none is left. */
  soleOwned: Array<{ id: string; name: string }>;
}

export function DeleteAccountCard({ email, soleOwned }: DeleteAccountCardProps) {
  const blocked = soleOwned.length > 0;
  return (
    <ActionCard
      className="border-destructive/50"
      title="Delete account"
      description="Deletes your account, your memberships and your API keys. This cannot be undone."
      body={blocked ? <SoleOwnedNotice soleOwned={soleOwned} /> : null}
    >
      <DeleteAccountDialog email={email} disabled={blocked} />
    </ActionCard>
  );
}

/** Where a sole owner hands the organization on (Members) or deletes it (Settings). */
const ownerPages = [
  { to: "/app/organization/$organizationId/members", label: "Members" },
  { to: "/app/organization/$organizationId/settings", label: "Settings" },
] as const;

/** Why the account cannot be deleted yet: the organizations that would be left without an owner. */
function SoleOwnedNotice({ soleOwned }: { soleOwned: DeleteAccountCardProps["soleOwned"] }) {
  return (
    <CardContent className="pt-4 text-sm" data-testid="delete-blocked">
      <p>
        You are the last owner of {soleOwned.length === 1 ? "this organization" : "these organizations"}. Make
        another member an owner on its Members page, or delete the organization in its Settings, before you
        delete your account:
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {soleOwned.map((organization) => (
          <li key={organization.id} className="flex flex-wrap items-center gap-x-3">
            <span className="font-medium">{organization.name}</span>
            {ownerPages.map((page) => (
              <Link
                key={page.to}
                to={page.to}
                params={{ organizationId: organization.id }}
                className="text-primary underline"
              >
                {page.label}
              </Link>
            ))}
          </li>
        ))}
      </ul>
    </CardContent>
  );
}

function DeleteAccountDialog({ email, disabled }: { email: string; disabled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const remove = useMutation(trpc.account.delete.mutationOptions());
  return (
    <PasswordDialog
      trigger={
        <Button variant="destructive" disabled={disabled}>
          Delete account
        </Button>
      }
      title="Delete your account"
      description={
        <>
          This permanently deletes the account <strong className="text-foreground">{email}</strong>. This
          cannot be undone.
        </>
      }
      confirmLabel="Delete my account"
      pendingLabel="Deleting…"
      destructive
      onConfirm={async (password) => {
        await remove.mutateAsync({ password });
        queryClient.clear();
        toast.success("Your account has been deleted");
        await router.navigate({ to: "/sign-in" });
      }}
    />
  );
}
