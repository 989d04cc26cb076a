// The field where someone chooses a password (sign-up, a reset, the account's password card): it says
// how long the password must be and asks password managers to suggest a new one.
import type { ComponentProps } from "react";
import { PASSWORD_MIN_LENGTH } from "~/lib/validation.ts";
import { BoundInput } from "./bound-input.tsx";

export function NewPasswordInput<K extends string>(
  props: Omit<ComponentProps<typeof BoundInput<K>>, "type" | "autoComplete" | "hint">,
) {
  return (
    <BoundInput
      {...props}
      hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      type="password"
      autoComplete="new-password"
    />
  );
}
