// Atlassian API token (requirements §3): the account's email with an API token, for one Atlassian site.
import { z } from "zod";
import { type CredentialShape, emailAddress, requiredText } from "./fields.ts";

export const atlassianApiTokenSchema = z.object({
  email: emailAddress("Email is required"),
  apiToken: requiredText("API token is required"),
  cloudId: requiredText("Cloud ID is required"),
});

export const atlassianApiToken: CredentialShape = {
  schema: atlassianApiTokenSchema,
  fields: [
    { name: "email", label: "Email", secret: false, input: "email", required: true },
    {
      name: "apiToken",
      label: "API token",
      secret: true,
      input: "text",
      required: true,
      hint: "Create one at id.atlassian.com under Security → API tokens.",
    },
    {
      name: "cloudId",
      label: "Cloud ID",
      secret: false,
      input: "text",
      required: true,
      hint: "Your site's id, shown at https://<your-site>.atlassian.net/_edge/tenant_info.",
    },
  ],
};
