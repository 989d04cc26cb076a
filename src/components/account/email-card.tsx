import { useMutation } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { useInlineForm } from "~/components/forms/use-inline-form.ts";
import { FormCard } from "~/components/ui/form-card.tsx";
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
    <FormCard
      title="Email address"
      description={
        <>
          You sign in with <strong className="text-foreground">{email}</strong>. A new address takes effect
          once you open the link we send to it.
        </>
      }
      onSubmit={form.onSubmit}
      error={form.serverError}
      notice={
        <>
          {justChanged ? <Notice>Your email address is now {email}.</Notice> : null}
          {sentTo ? (
            <Notice>
              We sent a confirmation link to {sentTo}. Open it to finish the change; until then you keep
              signing in with {email}.
            </Notice>
          ) : null}
        </>
      }
      pending={form.pending}
      submitLabel="Send confirmation link"
      pendingLabel="Sending…"
    >
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
    </FormCard>
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
