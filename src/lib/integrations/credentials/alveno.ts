// Alveno (requirements §5): API key, tenant id and one of the two regional API addresses, Czech by default.
// The Czech address is Alveno's documented external API; the Slovak one is inferred from it
// (src/integrations/alveno/REFERENCES.md).
import { z } from "zod";
import { type CredentialShape, requiredText } from "./fields.ts";

export const ALVENO_BASE_URLS = {
  cz: "https://hr.alveno.cz/api/external",
  sk: "https://hr.alveno.sk/api/external",
} as const;
export const ALVENO_BASE_URL_MESSAGE = "Base URL must be the Czech or Slovak Alveno API address";

/**
 * The addresses saved before the external API's reference was found (api.alveno.cz / .sk, which answer
 * nothing Alveno documents) read as the region they named, so those credentials keep working.
 */
const LEGACY_BASE_URLS: Record<string, string> = {
  "https://api.alveno.cz": ALVENO_BASE_URLS.cz,
  "https://api.alveno.sk": ALVENO_BASE_URLS.sk,
};

/** A saved or submitted region address as one of the two current ones (others unchanged). */
export const alvenoBaseUrl = (value: unknown): unknown =>
  value === undefined || value === "" ? ALVENO_BASE_URLS.cz : (LEGACY_BASE_URLS[String(value)] ?? value);

export const alvenoSchema = z.object({
  apiKey: requiredText("API Key is required"),
  tenantId: requiredText("Tenant ID is required"),
  baseUrl: z.preprocess(
    alvenoBaseUrl,
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
        { value: ALVENO_BASE_URLS.cz, label: "Czech Republic (hr.alveno.cz)" },
        { value: ALVENO_BASE_URLS.sk, label: "Slovakia (hr.alveno.sk)" },
      ],
    },
  ],
};
