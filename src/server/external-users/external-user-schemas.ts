// The inputs and outputs of the external-user service functions, as zod schemas: the service parses its
// input with them, and the management API's REST layer validates requests and describes them in its
// OpenAPI document with the same ones, so the three never disagree.
import { z } from "zod";
import { integrationIdSchema } from "../../lib/integrations/schemas.ts";
import { idField } from "../../lib/validation.ts";

/** The builder's own id for one of its users: printable, no spaces, as ids in URLs usually are. */
export const externalIdField = z
  .string()
  .trim()
  .min(1, "Give the user's id")
  .max(200, "At most 200 characters")
  .regex(/^[A-Za-z0-9._:@|+=-]+$/, "Letters, digits and . _ : @ | + = - only");

export const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** https, or http on a loopback address (a builder's own machine while developing); no credentials or fragment. */
export function isAcceptableReturnUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === "https:") return url.hostname !== "" && !url.hostname.includes("*");
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

export const returnUrlField = z
  .string()
  .trim()
  .max(2048, "At most 2048 characters")
  .refine(isAcceptableReturnUrl, "Use an https URL (http only on localhost), without a fragment");

export const MAX_RETURN_URLS = 20;
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

/** One of an external user's own connections: the same in the service's answers and the API's. */
export const externalUserConnectionSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerName: z.string(),
  accountLabel: z.string().nullable(),
  status: z.enum(["pending", "active", "error", "inactive"]),
  statusReason: z.string().nullable(),
});

export const externalUserSchema = z.object({
  id: z.string().describe("The builder's own id for the user"),
  createdAt: z.date(),
  lastCallAt: z.date().nullable(),
  connections: z.array(externalUserConnectionSchema),
  tokens: z.array(
    z.object({ id: z.string(), masked: z.string(), createdAt: z.date(), revokedAt: z.date().nullable() }),
  ),
});
export type ExternalUserView = z.infer<typeof externalUserSchema>;

export const createExternalUserInput = z.object({ id: externalIdField });
export const createExternalUserOutput = externalUserSchema;

export const listExternalUsersInput = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export const listExternalUsersOutput = z.object({
  items: z.array(externalUserSchema),
  nextCursor: z.string().nullable(),
});

export const externalUserAddress = z.object({ externalUserId: externalIdField });
export const getExternalUserInput = externalUserAddress;
export const getExternalUserOutput = externalUserSchema;
export const deleteExternalUserInput = externalUserAddress;
export const deleteExternalUserOutput = z.object({
  id: z.string(),
  connectionsRevoked: z.number().int(),
  tokensRevoked: z.number().int(),
});

/** What a connect link is for: one of integrationId (the catalogue's) or serverId (a project server, whose integration it uses). */
const connectLinkFields = {
  integrationId: integrationIdSchema.optional(),
  serverId: idField.optional(),
  returnUrl: returnUrlField,
};

/** `schema` (connectLinkFields, with or without the user) refusing both or neither of the two targets. */
export function withOneLinkTarget<S extends z.ZodType<{ integrationId?: string; serverId?: string }>>(
  schema: S,
) {
  return schema.refine((input) => (input.integrationId === undefined) !== (input.serverId === undefined), {
    message: "Give either integrationId or serverId",
    path: ["integrationId"],
  });
}

/** The link's target without the user, as the management API takes it (the user is in its path). */
export const connectLinkTargetInput = withOneLinkTarget(z.object(connectLinkFields));
export const createConnectLinkInput = withOneLinkTarget(externalUserAddress.extend(connectLinkFields));
export const createConnectLinkOutput = z.object({ url: z.string(), expiresAt: z.date() });

export const issueExternalUserTokenInput = externalUserAddress;
export const issueExternalUserTokenOutput = z.object({
  id: z.string(),
  token: z.string().describe("Shown once: only its hash is kept"),
  masked: z.string(),
});
export const revokeExternalUserTokenInput = externalUserAddress.extend({ tokenId: idField });
export const revokeExternalUserTokenOutput = z.object({ id: z.string(), revokedAt: z.date() });

export const listReturnUrlsOutput = z.object({ urls: z.array(z.string()) });
export const setReturnUrlsInput = z.object({
  urls: z.array(returnUrlField).max(MAX_RETURN_URLS, `At most ${MAX_RETURN_URLS} URLs`),
});
