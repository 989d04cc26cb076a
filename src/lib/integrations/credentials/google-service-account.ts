// Google service account (requirements §3, issue 21): the account's JSON key as Google Cloud downloads it, and
// the Workspace user it acts as (domain-wide delegation). Portico signs its own JWT-bearer assertions
// with the key (src/server/integrations/connections/service-account-token.ts), so nothing expires here.
// Isomorphic: the form and the server run these rules; the key's signature is tried only on the server.
import { z } from "zod";
import { type CredentialShape, emailAddress } from "./fields.ts";

export const SERVICE_ACCOUNT_KEY_REQUIRED = "Paste the service account's JSON key";

/** The fields of a key file Portico uses (the file has more: project_id, client_id, …). */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  /** Where the key's tokens are minted; Google's keys name https://oauth2.googleapis.com/token. */
  token_uri?: string;
}

const PEM = /^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----\s*$/;
const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** The key's fields, or the sentence that says what is wrong with what was pasted. */
export function readServiceAccountKey(raw: unknown): ServiceAccountKey | { problem: string } {
  if (typeof raw !== "string" || raw.trim() === "") return { problem: SERVICE_ACCOUNT_KEY_REQUIRED };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { problem: "The key is not JSON: paste the whole .json file Google Cloud downloaded" };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return { problem: "The key must be the JSON object of a service account key file" };
  const key = parsed as Record<string, unknown>;
  if (key.type !== "service_account")
    return { problem: 'This JSON is not a service account key (its "type" must be "service_account")' };
  if (typeof key.client_email !== "string" || !key.client_email.includes("@"))
    return { problem: 'The key has no "client_email"' };
  if (typeof key.private_key !== "string" || !PEM.test(key.private_key))
    return { problem: 'The key has no "private_key" in PEM form (-----BEGIN PRIVATE KEY-----…)' };
  if (key.token_uri !== undefined && (typeof key.token_uri !== "string" || !isHttpUrl(key.token_uri)))
    return { problem: 'The key\'s "token_uri" is not a URL' };
  return {
    client_email: key.client_email,
    private_key: key.private_key,
    ...(typeof key.private_key_id === "string" ? { private_key_id: key.private_key_id } : {}),
    ...(typeof key.token_uri === "string" ? { token_uri: key.token_uri } : {}),
  };
}

export const googleServiceAccountSchema = z.object({
  serviceAccountKey: z
    .string({ message: SERVICE_ACCOUNT_KEY_REQUIRED })
    .trim()
    .max(8192, "The key is too long for a service account key file")
    .superRefine((raw, ctx) => {
      const read = readServiceAccountKey(raw);
      if ("problem" in read) ctx.addIssue({ code: "custom", message: read.problem });
    }),
  subject: emailAddress("The email of the user to act as is required"),
});

export const googleServiceAccount: CredentialShape = {
  schema: googleServiceAccountSchema,
  fields: [
    {
      name: "serviceAccountKey",
      label: "Service account key (JSON)",
      secret: true,
      input: "textarea",
      required: true,
      hint: "Google Cloud console → IAM → Service accounts → Keys → Add key → JSON. Paste the whole file.",
    },
    {
      name: "subject",
      label: "User to act as",
      secret: false,
      input: "email",
      required: true,
      placeholder: "someone@your-domain.com",
      hint: "A user of your Workspace domain. An admin allows the service account's client ID with the Google scopes under Security → API controls → Domain-wide delegation.",
    },
  ],
};
