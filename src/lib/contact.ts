// The contact form's fields and rules, shared by the form (inline errors) and the server (the boundary).
import { z } from "zod";
import { contactTopics } from "./contact-topics.ts";
import { emailField, requiredNameField } from "./validation.ts";

export { type ContactTopic, contactTopicLabels, contactTopics } from "./contact-topics.ts";

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

export const contactMessageInput = z.object({
  name: requiredNameField("Name", 100),
  email: emailField,
  company: z
    .string()
    .trim()
    .max(120, "Company must be at most 120 characters")
    .optional()
    .transform((value) => (value ? value : undefined)),
  topic: z.enum(contactTopics, { message: "Choose a topic" }),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters`)
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
  /**
   * Honeypot: a field people never see (hidden from view and from assistive technology) that form-filling
   * bots tend to complete. A non-empty value is accepted silently and dropped.
   */
  website: z.string().max(500, "Invalid input").optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageInput>;
