// Atlassian API token (issue 21): the account's email with an API token, sent as Basic auth to the
// site's own address (https://<your-site>.atlassian.net), as "Basic auth for REST APIs" documents.
import { z } from "zod";
import { type CredentialShape, emailAddress, httpUrl, requiredText } from "./fields.ts";

export const ATLASSIAN_SITE_URL_MESSAGE =
  "Site URL must be your site's address, like https://your-site.atlassian.net";

export const atlassianApiTokenSchema = z.object({
  email: emailAddress("Email is required"),
  apiToken: requiredText("API token is required"),
  // Only the origin: REST paths (/rest/api/3, /wiki/api/v2) are appended to it.
  siteUrl: httpUrl(ATLASSIAN_SITE_URL_MESSAGE).transform((value) => new URL(value).origin),
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
      name: "siteUrl",
      label: "Site URL",
      secret: false,
      input: "url",
      required: true,
      placeholder: "https://your-site.atlassian.net",
      fetchedByServer: true,
      hint: "The address of your Jira or Confluence site.",
    },
  ],
};
