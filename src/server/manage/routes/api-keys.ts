// A project's API keys (the credentials agents use on /mcp): list masked, create (secret shown once),
// revoke.
import { z } from "zod";
import { apiKeyKinds, apiKeyNameField, idField } from "../../../lib/validation.ts";
import { createApiKey, listMaskedApiKeys, revokeApiKey } from "../../api-keys/api-keys.ts";
import type { App } from "../../app-services.ts";
import { registerListRoute } from "../list-route.ts";
import type { ManageApi } from "../manage-env.ts";
import { familyOperations, json, jsonBody } from "../operation.ts";
import { iso, wireFields } from "../wire.ts";
import { projectPath } from "./projects.ts";

const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(apiKeyKinds),
    /** Prefix and last four characters: enough to recognise a key, never to use it. */
    masked: z.string(),
    status: z.enum(["active", "expired", "revoked"]),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiKey" });

const createdApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(apiKeyKinds),
    masked: z.string(),
    /** The whole key, shown this once: Portico keeps only its hash. */
    secret: z.string(),
    expiresAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiKeyCreated" });

const createApiKeyBody = z
  .object({
    name: apiKeyNameField,
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    /** "project" (the default) reaches shared connections only; "personal" acts as the token's creator. */
    kind: z.enum(apiKeyKinds).default("project"),
  })
  .meta({ id: "ApiKeyCreate" });

const apiKeyOperation = familyOperations("keys", "API keys");

export function registerApiKeyRoutes(api: ManageApi, app: App) {
  registerListRoute(api, apiKeyOperation, {
    path: "/projects/{projectId}/api-keys",
    operationId: "listApiKeys",
    summary: "List a project's API keys, masked",
    params: projectPath,
    page: { item: apiKeySchema, id: "ApiKeyPage", noun: "keys" },
    load: (caller, { projectId }) => listMaskedApiKeys(app, caller.createdByUserId, projectId),
    toItem: (key) => wireFields(apiKeySchema, key),
  });

  api.openapi(
    apiKeyOperation("write", {
      method: "post",
      path: "/projects/{projectId}/api-keys",
      operationId: "createApiKey",
      summary: "Create an API key",
      description: "The answer holds the key's secret, this once.",
      request: { params: projectPath, body: jsonBody(createApiKeyBody) },
      responses: { 201: json(createdApiKeySchema, "The new key with its secret.") },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const created = await createApiKey(app, c.var.caller.createdByUserId, c.req.valid("param").projectId, {
        name: body.name,
        kind: body.kind,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      });
      return c.json({ ...created, expiresAt: iso(created.expiresAt) }, 201);
    },
  );

  api.openapi(
    apiKeyOperation("write", {
      method: "delete",
      path: "/projects/{projectId}/api-keys/{keyId}",
      operationId: "revokeApiKey",
      summary: "Revoke an API key, at once on every replica",
      request: { params: projectPath.extend({ keyId: idField }) },
      responses: { 204: { description: "Revoked." } },
    }),
    async (c) => {
      const { projectId, keyId } = c.req.valid("param");
      await revokeApiKey(app, c.var.caller.createdByUserId, projectId, keyId);
      return c.body(null, 204);
    },
  );
}
