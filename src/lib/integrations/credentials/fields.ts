// Building blocks of credential shapes: field descriptions the forms render, and the zod rules with
// the exact messages of requirements §5. A shape's schema and its fields live side by side in one file.
import { z } from "zod";

export interface CredentialField {
  name: string;
  label: string;
  /** Secret fields are encrypted at rest and never sent back to the browser. */
  secret: boolean;
  input: "text" | "email" | "url" | "number" | "select" | "textarea";
  required: boolean;
  placeholder?: string;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  /** What an empty field becomes (requirements §5 defaults). */
  defaultValue?: string;
  /** A URL the server will call: it must pass the SSRF guard before it is saved or used. */
  fetchedByServer?: boolean;
}

export interface CredentialShape {
  schema: z.ZodObject;
  fields: readonly CredentialField[];
}

export const MAX_VALUE_LENGTH = 4096;
const TOO_LONG = `Must be at most ${MAX_VALUE_LENGTH} characters`;

/** Text that must be present; `message` also covers a missing value. */
export const requiredText = (message: string) =>
  z.string({ message }).trim().min(1, message).max(MAX_VALUE_LENGTH, TOO_LONG);

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** An absolute http(s) URL; an empty value takes `fallback` when one is given. */
export const httpUrl = (message: string, fallback?: string) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? fallback : value),
    z
      .string({ message })
      .trim()
      .max(2048, message)
      .refine(isHttpUrl, message)
      .transform((value) => value.replace(/\/+$/, "")),
  );

/** Optional text: an empty value means "not set". */
export const optionalText = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().max(MAX_VALUE_LENGTH, TOO_LONG).optional(),
);

export const emailAddress = (required: string) =>
  requiredText(required).pipe(z.email("Enter a valid email address"));
