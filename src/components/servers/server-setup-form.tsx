// What the add and edit server dialogs share around ServerSetupFields: the dialog itself (closed only
// when no save is under way, its form mounted while open), the form's state, and its submit path — the
// form's own checks first, then the save, the server list refreshed and a toast; a refusal is placed
// beside the field it concerns (placeServerError) and focus moves to the first error.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, Suspense, useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import type { FieldErrors } from "~/components/forms/form-errors.ts";
import { useFocusFirstError } from "~/components/forms/use-focus-first-error.ts";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "~/components/ui/dialog.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import {
  type AvailableIntegration,
  checkSetup,
  placeServerError,
  ServerSetupFields,
  type SetupValues,
  setupInput,
} from "./server-setup-fields.tsx";
import { ToolListSkeleton } from "./tool-list-skeleton.tsx";

export type SetupInput = ReturnType<typeof setupInput>;

/** What the dialog gives its form: closing it, and keeping it open while a save is under way. */
export interface SetupDialogControls {
  close: () => void;
  setPending: (pending: boolean) => void;
}

export function ServerSetupDialog({
  trigger,
  title,
  description,
  onOpen,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  /** Runs each time the dialog opens. */
  onOpen?: () => void;
  children: (dialog: SetupDialogControls) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const changeOpen = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (next) onOpen?.();
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        <DialogHeading title={title} description={description} />
        {open ? (
          <Suspense fallback={<ToolListSkeleton />}>
            {children({ close: () => setOpen(false), setPending })}
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export function useServerSetupForm<T>({
  integration,
  initial,
  dialog,
  save,
  success,
  checkAccount,
}: {
  integration: AvailableIntegration;
  initial: SetupValues | (() => SetupValues);
  dialog: SetupDialogControls;
  /** Starts the save of checked values; null when there is nothing to send (the dialog just closes). */
  save: (input: SetupInput, values: SetupValues) => Promise<T> | null;
  /** The toast once saved. */
  success: (saved: T, input: SetupInput) => string;
  /** Whether the form judges the chosen connection itself (always, unless said; the server checks it). */
  checkAccount?: (values: SetupValues) => boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SetupValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusFirstError = useFocusFirstError();

  const change = (field: keyof SetupValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field === "name" ? "name" : "account"]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const found = checkSetup(integration, values);
    if (checkAccount && !checkAccount(values)) delete found.account;
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      focusFirstError(form);
      return;
    }
    const input = setupInput(values);
    const saving = save(input, values);
    if (!saving) {
      dialog.close();
      return;
    }
    setErrors({});
    dialog.setPending(true);
    try {
      const saved = await saving;
      await queryClient.invalidateQueries({ queryKey: trpc.projectServers.pathKey() });
      toast.success(success(saved, input));
      dialog.close();
    } catch (error) {
      const placed = placeServerError(error);
      setErrors(placed.fields);
      setFormError(placed.form);
      focusFirstError(form);
    } finally {
      dialog.setPending(false);
    }
  };

  return { integration, values, errors, formError, change, submit };
}

/** The form: `header` above the refusal and the fields, `children` (more notes, the buttons) below. */
export function ServerSetupForm({
  setup,
  organizationId,
  disabled,
  exampleTool,
  header,
  children,
}: {
  setup: ReturnType<typeof useServerSetupForm>;
  organizationId: string;
  disabled: boolean;
  exampleTool?: string;
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={setup.submit} className="flex flex-col gap-4" noValidate>
      {header}
      <FormAlert message={setup.formError} />
      <ServerSetupFields
        integration={setup.integration}
        organizationId={organizationId}
        values={setup.values}
        errors={setup.errors}
        onChange={setup.change}
        disabled={disabled}
        exampleTool={exampleTool}
        autoFocus
      />
      {children}
    </form>
  );
}
