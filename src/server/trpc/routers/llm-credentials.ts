// llmCredentials.*: the LLM API keys agents use, per organization (owners and admins manage, members
// see) and platform-wide (site admins). Inputs are validated by the domain with the form's schema.
import { z } from "zod";
import { idField } from "../../../lib/validation.ts";
import {
  deleteGlobalLlmCredential,
  deleteLlmCredential,
  getGlobalLlmCredentials,
  getLlmCredentials,
  saveGlobalLlmCredential,
  saveLlmCredential,
} from "../../agents/credentials/llm-credential-store.ts";
import { llmTokensByMonth } from "../../agents/llm-usage.ts";
import { onDb, organizationProcedure, organizationQuery, router, siteAdminProcedure } from "../init.ts";
import { byOrganization } from "../inputs.ts";

const submission = z.record(z.string(), z.unknown());

export const llmCredentialsRouter = router({
  getOrganizationLlmCredentials: organizationQuery("llmCredentials.view", onDb(getLlmCredentials)),
  saveOrganizationLlmCredential: organizationProcedure(
    "llmCredentials.manage",
    byOrganization.extend({ credentialId: idField.optional(), values: submission }),
  ).mutation(({ ctx, input }) =>
    saveLlmCredential(ctx.app, ctx.user.id, input.organizationId, input.values, input.credentialId),
  ),
  deleteOrganizationLlmCredential: organizationProcedure(
    "llmCredentials.manage",
    byOrganization.extend({ credentialId: idField }),
  ).mutation(({ ctx, input }) =>
    deleteLlmCredential(ctx.app.db, ctx.user.id, input.organizationId, input.credentialId),
  ),
  getLlmTokenUsage: organizationProcedure("llmCredentials.view").query(async ({ ctx, input }) => {
    return llmTokensByMonth(ctx.app.db, input.organizationId);
  }),
  getGlobalLlmCredentials: siteAdminProcedure.query(({ ctx }) => getGlobalLlmCredentials(ctx.app.db)),
  saveGlobalLlmCredential: siteAdminProcedure
    .input(z.object({ credentialId: idField.optional(), values: submission }))
    .mutation(({ ctx, input }) =>
      saveGlobalLlmCredential(ctx.app, ctx.user.id, input.values, input.credentialId),
    ),
  deleteGlobalLlmCredential: siteAdminProcedure
    .input(z.object({ credentialId: idField }))
    .mutation(({ ctx, input }) => deleteGlobalLlmCredential(ctx.app.db, input.credentialId)),
});
