// OAuth providers (requirements §3): an OAuth app registered with the provider — the organization's own, or
// Portico's global one set up by a site admin.
import { z } from "zod";
import { type CredentialShape, httpUrl, requiredText } from "./fields.ts";

/** Where providers send the user back; a new OAuth app form is prefilled with it. */
export const OAUTH_CALLBACK_PATH = "/api/integrations/oauth/callback";

export const oauthAppSchema = z.object({
  clientId: requiredText("Client ID is required"),
  clientSecret: requiredText("Client secret is required"),
  redirectUri: httpUrl("Redirect URI must be a valid URL"),
});

export const oauthApp: CredentialShape = {
  schema: oauthAppSchema,
  fields: [
    { name: "clientId", label: "Client ID", secret: false, input: "text", required: true },
    { name: "clientSecret", label: "Client secret", secret: true, input: "text", required: true },
    {
      name: "redirectUri",
      label: "Redirect URI",
      secret: false,
      input: "url",
      required: true,
      hint: "Register this exact address as the app's redirect URI at the provider.",
    },
  ],
};
