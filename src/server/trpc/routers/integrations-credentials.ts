// integrations.credentials.*: organization credentials (members read, owners/admins write) and global
// credentials (site admins). Secrets go in; only masked hints come out.
import { z } from "zod";
import { credentialSubmissionSchema } from "../../../lib/integrations/credentials/index.ts";
import { idField } from "../../../lib/validation.ts";
import {
  deleteCredential,
  GLOBAL,
  listCredentials,
  saveCredential,
} from "../../integrations/credentials/credential-store.ts";
import {
  deleteOrganizationCredential,
  getOrganizationCredentials,
  saveOrganizationCredential,
} from "../../integrations/credentials/organization-credentials.ts";
import { connectionChanged, globalConnectionsChanged } from "../../servers/connection-changes.ts";
import { onDb, organizationProcedure, organizationQuery, router, siteAdminProcedure } from "../init.ts";

export const integrationsCredentialsRouter = router({
  getOrganizationCredentials: organizationQuery("integrations.view", onDb(getOrganizationCredentials)),
  saveOrganizationCredential: organizationProcedure(
    "integrations.manage",
    credentialSubmissionSchema({ organizationId: idField }),
  ).mutation(async ({ ctx, input }) => {
    const saved = await saveOrganizationCredential(ctx.app, ctx.user.id, input.organizationId, input);
    await connectionChanged(ctx.app, input.organizationId, input.provider);
    return saved;
  }),
  deleteOrganizationCredential: organizationProcedure(
    "integrations.manage",
    z.object({ organizationId: idField, credentialId: idField }),
  ).mutation(async ({ ctx, input }) => {
    const result = await deleteOrganizationCredential(
      ctx.app.db,
      ctx.user.id,
      input.organizationId,
      input.credentialId,
    );
    await connectionChanged(ctx.app, input.organizationId);
    return result;
  }),
  getGlobalCredentials: siteAdminProcedure.query(({ ctx }) => listCredentials(ctx.app.db, GLOBAL)),
  saveGlobalCredential: siteAdminProcedure
    .input(credentialSubmissionSchema({}))
    .mutation(({ ctx, input }) => saveCredential(ctx.app, GLOBAL, input, ctx.user.id)),
  deleteGlobalCredential: siteAdminProcedure
    .input(z.object({ credentialId: idField }))
    .mutation(async ({ ctx, input }) => {
      const result = await deleteCredential(ctx.app.db, GLOBAL, input.credentialId);
      await globalConnectionsChanged(ctx.app);
      return result;
    }),
});
