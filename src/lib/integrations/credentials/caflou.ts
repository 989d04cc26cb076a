// Caflou (requirements §5): the email and password of the Caflou user the tools act as, the account id and the
// base URL, which defaults to Caflou's own app address. Caflou's API documents no long-lived API key:
// its access token comes from logging in with email and password and expires a week later, so Portico
// keeps the login and logs in again when the token runs out (src/integrations/caflou/REFERENCES.md).
import { z } from "zod";
import { type CredentialShape, emailAddress, httpUrl, MAX_VALUE_LENGTH, requiredText } from "./fields.ts";

// Caflou API v1 reference (https://documenter.getpostman.com/view/4786951/RWMFrTQC): https://app.caflou.com/api/v1.
export const CAFLOU_DEFAULT_BASE_URL = "https://app.caflou.com";

export const caflouSchema = z.object({
  email: emailAddress("Email is required"),
  // Not trimmed: a password may begin or end with a space.
  password: z
    .string({ message: "Password is required" })
    .min(1, "Password is required")
    .max(MAX_VALUE_LENGTH, `Must be at most ${MAX_VALUE_LENGTH} characters`),
  accountId: requiredText("Account ID is required"),
  baseUrl: httpUrl("Base URL must be a valid URL", CAFLOU_DEFAULT_BASE_URL),
});

export const caflou: CredentialShape = {
  schema: caflouSchema,
  fields: [
    {
      name: "email",
      label: "Email",
      secret: false,
      input: "email",
      required: true,
      hint: "The Caflou user the tools act as. Caflou's API logs in with email and password; its tokens last a week and Portico logs in again. Two-factor sign-in cannot be answered unattended: use a user without it.",
    },
    { name: "password", label: "Password", secret: true, input: "text", required: true },
    { name: "accountId", label: "Account ID", secret: false, input: "text", required: true },
    {
      name: "baseUrl",
      label: "Base URL",
      secret: false,
      input: "url",
      required: false,
      defaultValue: CAFLOU_DEFAULT_BASE_URL,
      fetchedByServer: true,
      placeholder: CAFLOU_DEFAULT_BASE_URL,
    },
  ],
};
