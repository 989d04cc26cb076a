import { useMutation } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { useInlineForm } from "~/components/forms/use-inline-form.ts";
import { Button } from "~/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/components/ui/card.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { emailField } from "~/lib/validation.ts";

const schema = z.object({ newEmail: emailField });

export function EmailCard({ email, justChanged }: { email: string; justChanged: boolean }) {
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changeEmail.mutationOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useInlineForm({
    schema,
    initial: { newEmail: "" },
    save: async (data) => setSentTo((await change.mutateAsync(data)).sentTo),
    onSaved: (): void => form.setValues({ newEmail: "" }),
  });
  return (
    <Card>
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate>
        <CardHeader>
          <CardTitle>Email address</CardTitle>
          <CardDescription>
            You sign in with <strong className="text-foreground">{email}</strong>. A new address takes effect
            once you open the link we send to it.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 pt-4">
          {justChanged ? <Notice>Your email address is now {email}.</Notice> : null}
          {sentTo ? (
            <Notice>
              We sent a confirmation link to {sentTo}. Open it to finish the change; until then you keep
              signing in with {email}.
            </Notice>
          ) : null}
          <FormAlert message={form.serverError} />
          <BoundInput
            form={form}
            name="newEmail"
            label="New email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            disabled={form.pending}
          />
        </CardContent>
        <CardFooter className="pt-4">
          <Button type="submit" disabled={form.pending}>
            {form.pending ? "Sending…" : "Send confirmation link"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm">
      <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
