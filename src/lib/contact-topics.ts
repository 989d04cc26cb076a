// Contact topics, free of zod: route search validation imports this, and every route's search
// validation is part of the first page load.
export const contactTopics = ["sales", "support", "partnership", "press", "other"] as const;
export type ContactTopic = (typeof contactTopics)[number];

export const contactTopicLabels: Record<ContactTopic, string> = {
  sales: "Sales and pricing",
  support: "Product support",
  partnership: "Partnerships and integrations",
  press: "Press",
  other: "Something else",
};

export const isContactTopic = (value: unknown): value is ContactTopic =>
  typeof value === "string" && (contactTopics as readonly string[]).includes(value);
