import { getAllOrganizationIntegrationsWithToolCounts } from "../../integrations/organization-integrations.ts";
import { organizationProcedure, router } from "../init.ts";

export const integrationsOrganizationsRouter = router({
  getAllOrganizationIntegrationsWithToolCounts: organizationProcedure("integrations.view").query(
    ({ ctx, input }) =>
      getAllOrganizationIntegrationsWithToolCounts(ctx.app, ctx.user.id, input.organizationId),
  ),
});
