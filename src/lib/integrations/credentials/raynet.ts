// Raynet CRM (requirements §3): user email, API key, the instance name (namespace) and the region whose host
// serves the account. Raynet's API reference lists one server per region (app.raynet.cz,
// app.raynetcrm.sk, app.raynetcrm.com: https://app.raynetcrm.com/api/doc/index-en.html); Czech by default.
import { z } from "zod";
import { type CredentialShape, emailAddress, requiredText } from "./fields.ts";

export const RAYNET_BASE_URLS = {
  cz: "https://app.raynet.cz/api/v2",
  sk: "https://app.raynetcrm.sk/api/v2",
  com: "https://app.raynetcrm.com/api/v2",
} as const;
export const RAYNET_BASE_URL_MESSAGE = "Region must be one of Raynet's API addresses";

export const raynetSchema = z.object({
  email: emailAddress("Email is required"),
  apiKey: requiredText("API Key is required"),
  namespace: requiredText("Namespace is required"),
  // Credentials saved before the region existed are Czech ones.
  baseUrl: z.preprocess(
    (value) => (value === undefined || value === "" ? RAYNET_BASE_URLS.cz : value),
    z.enum([RAYNET_BASE_URLS.cz, RAYNET_BASE_URLS.sk, RAYNET_BASE_URLS.com], {
      message: RAYNET_BASE_URL_MESSAGE,
    }),
  ),
});

export const raynet: CredentialShape = {
  schema: raynetSchema,
  fields: [
    { name: "email", label: "Email", secret: false, input: "email", required: true },
    { name: "apiKey", label: "API Key", secret: true, input: "text", required: true },
    {
      name: "namespace",
      label: "Namespace",
      secret: false,
      input: "text",
      required: true,
      hint: "Your Raynet instance name, as in app.raynet.cz/<namespace>.",
    },
    {
      name: "baseUrl",
      label: "Region",
      secret: false,
      input: "select",
      required: true,
      defaultValue: RAYNET_BASE_URLS.cz,
      options: [
        { value: RAYNET_BASE_URLS.cz, label: "Czech Republic (app.raynet.cz)" },
        { value: RAYNET_BASE_URLS.sk, label: "Slovakia (app.raynetcrm.sk)" },
        { value: RAYNET_BASE_URLS.com, label: "International (app.raynetcrm.com)" },
      ],
    },
  ],
};
