// Alveno (requirements §5): API key, tenant id and one of the two regional API addresses, Czech by default.
import { z } from "zod";
import { type CredentialShape, requiredText } from "./fields.ts";

export const ALVENO_BASE_URLS = {
  cz: "https://api.alveno.cz",
  sk: "https://api.alveno.sk",
} as const;
export const ALVENO_BASE_URL_MESSAGE = "Base URL must be the Czech or Slovak Alveno API address";

export const alvenoSchema = z.object({
  apiKey: requiredText("API Key is required"),
  tenantId: requiredText("Tenant ID is required"),
  baseUrl: z.preprocess(
    (value) => (value === undefined || value === "" ? ALVENO_BASE_URLS.cz : value),
    z.enum([ALVENO_BASE_URLS.cz, ALVENO_BASE_URLS.sk], { message: ALVENO_BASE_URL_MESSAGE }),
  ),
});

export const alveno: CredentialShape = {
  schema: alvenoSchema,
  fields: [
    { name: "apiKey", label: "API Key", secret: true, input: "text", required: true },
    { name: "tenantId", label: "Tenant ID", secret: false, input: "text", required: true },
    {
      name: "baseUrl",
      label: "Region",
      secret: false,
      input: "select",
      required: true,
      defaultValue: ALVENO_BASE_URLS.cz,
      options: [
        { value: ALVENO_BASE_URLS.cz, label: "Czech Republic (api.alveno.cz)" },
        { value: ALVENO_BASE_URLS.sk, label: "Slovakia (api.alveno.sk)" },
      ],
    },
  ],
};
