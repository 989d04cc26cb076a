import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { useId, useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { useFocusFirstError } from "~/components/forms/use-focus-first-error.ts";
import { Button } from "~/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/components/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { useTRPC } from "~/lib/trpc.ts";

interface DeleteAccountCardProps {
  email: string;
  /** Organizations the person is the only owner of: deletion waits until none is left. */
  soleOwned: Array<{ id: string; name: string }>;
}

export function DeleteAccountCard({ email, soleOwned }: DeleteAccountCardProps) {
  const blocked = soleOwned.length > 0;
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Deletes your account, your memberships and your API keys. This cannot be undone.
        </CardDescription>
      </CardHeader>
      {blocked ? (
        <CardContent className="pt-4 text-sm" data-testid="delete-blocked">
          <p>
            You are the last owner of {soleOwned.length === 1 ? "this organization" : "these organizations"}.
            Make another member an owner on its Members page, or delete the organization in its Settings,
            before you delete your account:
          </p>
          <ul className="mt-2 flex flex-col gap-1">
            {soleOwned.map((organization) => (
              <li key={organization.id} className="flex flex-wrap items-center gap-x-3">
                <span className="font-medium">{organization.name}</span>
                <Link
                  to="/app/organization/$organizationId/members"
                  params={{ organizationId: organization.id }}
                  className="text-primary underline"
                >
                  Members
                </Link>
                <Link
                  to="/app/organization/$organizationId/settings"
                  params={{ organizationId: organization.id }}
                  className="text-primary underline"
                >
                  Settings
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
      <CardFooter className="pt-4">
        <DeleteAccountDialog email={email} disabled={blocked} />
      </CardFooter>
    </Card>
  );
}

function DeleteAccountDialog({ email, disabled }: { email: string; disabled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const remove = useMutation(trpc.account.delete.mutationOptions());
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const passwordId = useId();
  const focusFirstError = useFocusFirstError();

  const confirm = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    if (!password) {
      setError("Enter your password to confirm.");
      focusFirstError(form);
      return;
    }
    try {
      await remove.mutateAsync({ password });
      queryClient.clear();
      toast.success("Your account has been deleted");
      await router.navigate({ to: "/sign-in" });
    } catch (caught) {
      setError(errorMessage(caught));
      focusFirstError(form);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        setPassword("");
        setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" disabled={disabled}>
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void confirm(event)} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Delete your account</DialogTitle>
            <DialogDescription>
              This permanently deletes the account <strong className="text-foreground">{email}</strong>. This
              cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <FormAlert message={error} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={passwordId}>Your password</Label>
            <Input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              disabled={remove.isPending}
            />
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => setOpen(false)}
              disabled={remove.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? "Deleting…" : "Delete my account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
