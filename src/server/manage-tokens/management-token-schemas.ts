// The wire shapes of management tokens, for the tRPC router and the management API alike (the REST
// layer describes them in its OpenAPI document): dates travel as ISO 8601 strings.
import { z } from "zod";
import { managementScopes } from "../../lib/management-scopes.ts";
import { managementTokenNameField } from "../../lib/validation.ts";

export const managementTokenScopesField = z
  .array(z.enum(managementScopes))
  .min(1, "Choose at least one scope")
  .max(managementScopes.length)
  .describe('"read" or "write" for every resource family, or "<family>:read" / "<family>:write"');

export const createManagementTokenInput = z.object({
  name: managementTokenNameField,
  scopes: managementTokenScopesField,
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .describe("When the token stops working; null or absent for never"),
});
export type CreateManagementTokenInput = z.infer<typeof createManagementTokenInput>;

const isoDate = z.iso.datetime({ offset: true });

export const managementTokenStatuses = ["active", "expired", "revoked"] as const;

/** A token as listed: masked, never with its secret. */
export const managementTokenOutput = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(managementScopes)),
  masked: z.string().describe('"pmt_AbCdEfGh…wxyz"'),
  createdAt: isoDate,
  createdBy: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  lastUsedAt: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
  revokedAt: isoDate.nullable(),
  status: z.enum(managementTokenStatuses),
});
export type ManagementTokenOutput = z.infer<typeof managementTokenOutput>;

/** A token just created: the one time its secret is returned. */
export const createdManagementTokenOutput = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(managementScopes)),
  secret: z.string().describe("Shown this once; only a hash is kept"),
  masked: z.string(),
  expiresAt: isoDate.nullable(),
});
export type CreatedManagementTokenOutput = z.infer<typeof createdManagementTokenOutput>;
