// Caflou (requirements §5): API key, account id and the base URL, which defaults to Caflou's own app address.
import { z } from "zod";
import { type CredentialShape, httpUrl, requiredText } from "./fields.ts";

export const CAFLOU_DEFAULT_BASE_URL = "https://app.caflou.cz";

export const caflouSchema = z.object({
  apiKey: requiredText("API Key is required"),
  accountId: requiredText("Account ID is required"),
  baseUrl: httpUrl("Base URL must be a valid URL", CAFLOU_DEFAULT_BASE_URL),
});

export const caflou: CredentialShape = {
  schema: caflouSchema,
  fields: [
    { name: "apiKey", label: "API Key", secret: true, input: "text", required: true },
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
