// Google service-account credential (requirements §3): tokens obtained outside Portico's OAuth flow.
import { z } from "zod";
import { type CredentialShape, requiredText } from "./fields.ts";

const EXPIRES_MESSAGE = "Expiry must be a number";

export const googleServiceAccountSchema = z.object({
  accessToken: requiredText("Access token is required"),
  refreshToken: requiredText("Refresh token is required"),
  expiresAt: z.preprocess(
    (value) =>
      value === "" || value === null || value === undefined
        ? undefined
        : typeof value === "string"
          ? Number(value.trim())
          : value,
    z.number({ message: EXPIRES_MESSAGE }).int(EXPIRES_MESSAGE).nonnegative(EXPIRES_MESSAGE).optional(),
  ),
});

export const googleServiceAccount: CredentialShape = {
  schema: googleServiceAccountSchema,
  fields: [
    { name: "accessToken", label: "Access token", secret: true, input: "text", required: true },
    { name: "refreshToken", label: "Refresh token", secret: true, input: "text", required: true },
    {
      name: "expiresAt",
      label: "Expires at (optional)",
      secret: false,
      input: "number",
      required: false,
      hint: "When the access token expires, in milliseconds since 1970 (Unix epoch).",
    },
  ],
};
