import { z } from "zod";
import { apiKeyKinds, apiKeyNameField, idField } from "../../../lib/validation.ts";
import {
  createApiKey,
  listMaskedApiKeys,
  listSnippetApiKeys,
  revokeApiKey,
} from "../../api-keys/api-keys.ts";
import { projectProcedure, projectQuery, router } from "../init.ts";
import { byProject } from "../inputs.ts";

export const apiKeysRouter = router({
  getUserApiKeysMasked: projectQuery("apiKeys.view", listMaskedApiKeys),
  getUserApiKeysForSnippets: projectQuery("apiKeys.view", listSnippetApiKeys),
  create: projectProcedure(
    "apiKeys.create",
    byProject.extend({
      name: apiKeyNameField,
      expiresAt: z.coerce.date().nullable().optional(),
      /** "personal": acts as its creator; "project" (the default): shared connections only. */
      kind: z.enum(apiKeyKinds).optional(),
    }),
  ).mutation(({ ctx, input }) => createApiKey(ctx.app, ctx.user.id, input.projectId, input)),
  revoke: projectProcedure("apiKeys.revoke", byProject.extend({ keyId: idField })).mutation(
    ({ ctx, input }) => revokeApiKey(ctx.app, ctx.user.id, input.projectId, input.keyId),
  ),
});
