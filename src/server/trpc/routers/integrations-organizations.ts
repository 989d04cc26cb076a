import { z } from "zod";
import { idField } from "../../../lib/validation.ts";
import { getAllOrganizationIntegrationsWithToolCounts } from "../../integrations/organization-integrations.ts";
import { protectedProcedure, router } from "../init.ts";

export const integrationsOrganizationsRouter = router({
  getAllOrganizationIntegrationsWithToolCounts: protectedProcedure
    .input(z.object({ organizationId: idField }))
    .query(({ ctx, input }) =>
      getAllOrganizationIntegrationsWithToolCounts(ctx.app, ctx.user.id, input.organizationId),
    ),
});
