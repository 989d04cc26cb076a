// Salesforce's OAuth app: the common fields plus the login host, because a sandbox logs in at
// test.salesforce.com and an org with My Domain (or enhanced domains) at https://<domain>.my.salesforce.com.
// Only Salesforce's own hosts are accepted: Portico sends the client secret there.
import { z } from "zod";
import type { CredentialShape } from "./fields.ts";
import { oauthApp, oauthAppSchema } from "./oauth-app.ts";

const LOGIN_URL_MESSAGE =
  "Login URL must be https://login.salesforce.com, https://test.salesforce.com or your https://<domain>.my.salesforce.com";

const isSalesforceLogin = (value: string) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    url.protocol === "https:" &&
    url.pathname.replace(/\/+$/, "") === "" &&
    !url.search &&
    !url.port &&
    /(^|\.)salesforce\.com$/.test(url.hostname)
  );
};

export const salesforceOAuthApp: CredentialShape = {
  schema: oauthAppSchema.extend({
    loginUrl: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string()
        .trim()
        .max(300, LOGIN_URL_MESSAGE)
        .refine(isSalesforceLogin, LOGIN_URL_MESSAGE)
        .transform((value) => new URL(value).origin)
        .optional(),
    ),
  }),
  fields: [
    ...oauthApp.fields,
    {
      name: "loginUrl",
      label: "Login URL",
      secret: false,
      input: "url",
      required: false,
      placeholder: "https://login.salesforce.com",
      hint: "https://test.salesforce.com for a sandbox, or your org's https://<domain>.my.salesforce.com. Empty: https://login.salesforce.com.",
    },
  ],
};
