// Raynet CRM (requirements §3): user email, API key and the instance name (namespace).
import { z } from "zod";
import { type CredentialShape, emailAddress, requiredText } from "./fields.ts";

export const raynetSchema = z.object({
  email: emailAddress("Email is required"),
  apiKey: requiredText("API Key is required"),
  namespace: requiredText("Namespace is required"),
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
  ],
};
