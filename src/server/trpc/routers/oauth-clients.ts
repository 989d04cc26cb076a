// MCP clients connected over OAuth: what the consent screen shows about one, and, for project admins,
// the clients connected to their project with a way to revoke them.
import { z } from "zod";
import { DEFAULT_INVALID_MESSAGE, idField } from "../../../lib/validation.ts";
import { getProjectAuthorizedClients, revokeProjectClient } from "../../oauth/authorized-clients.ts";
import { getConsentClient } from "../../oauth/consent-client.ts";
import { onDb, projectProcedure, projectQuery, protectedProcedure, router } from "../init.ts";

// Client ids are random strings or (metadata documents) https URLs.
export const oauthClientIdField = z
  .string()
  .trim()
  .min(1, DEFAULT_INVALID_MESSAGE)
  .max(2048, DEFAULT_INVALID_MESSAGE);

export const oauthClientsRouter = router({
  getConsentClient: protectedProcedure
    .input(z.object({ clientId: oauthClientIdField }))
    .query(({ ctx, input }) => getConsentClient(ctx.app.db, input.clientId)),
  getProjectAuthorizedClients: projectQuery("project.manageAccess", onDb(getProjectAuthorizedClients)),
  revokeProjectClient: projectProcedure(
    "project.manageAccess",
    z.object({ projectId: idField, clientId: oauthClientIdField, userId: idField.optional() }),
  ).mutation(({ ctx, input }) => revokeProjectClient(ctx.app.db, ctx.user.id, input)),
});
