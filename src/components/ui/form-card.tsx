// A settings card that is one form (a name, a password, a project's details): its heading, the refusal
// shown in place above the fields, and the submit button in the footer, which says when the save is
// under way and is left out for people who may only look.
import type { FormEvent, ReactNode } from "react";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { Button } from "./button.tsx";
import { Card, CardContent, CardFooter, CardHeading } from "./card.tsx";

export function FormCard({
  title,
  description,
  onSubmit,
  error,
  notice,
  pending,
  submitLabel,
  pendingLabel,
  submitDisabled = pending,
  canSubmit = true,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The form's refusal. */
  error: string | null;
  /** Shown above the refusal, e.g. what the last save started. */
  notice?: ReactNode;
  pending: boolean;
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  /** Disabled while the save is under way unless said otherwise (e.g. also while nothing changed). */
  submitDisabled?: boolean;
  /** Without the right to change it the card shows the values and no submit button. */
  canSubmit?: boolean;
  children: ReactNode;
}) {
  return (
    <Card>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <CardHeading title={title} description={description} />
        <CardContent className="flex flex-col gap-4 pt-4">
          {notice}
          <FormAlert message={error} />
          {children}
        </CardContent>
        {canSubmit ? (
          <CardFooter className="pt-4">
            <Button type="submit" disabled={submitDisabled}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
