// managementTokens.*: an organization's management API tokens (manage-tokens/), owners and admins only.
import { z } from "zod";
import { idField } from "../../../lib/validation.ts";
import { createManagementTokenInput } from "../../manage-tokens/management-token-schemas.ts";
import {
  createManagementToken,
  listManagementTokens,
  revokeManagementToken,
} from "../../manage-tokens/management-tokens.ts";
import { organizationProcedure, organizationQuery, router } from "../init.ts";

export const managementTokensRouter = router({
  list: organizationQuery("managementTokens.manage", listManagementTokens),
  create: organizationProcedure(
    "managementTokens.manage",
    createManagementTokenInput.extend({ organizationId: idField }),
  ).mutation(({ ctx, input }) => {
    const { organizationId, ...token } = input;
    return createManagementToken(ctx.app, ctx.user.id, organizationId, token);
  }),
  revoke: organizationProcedure(
    "managementTokens.manage",
    z.object({ organizationId: idField, tokenId: idField }),
  ).mutation(({ ctx, input }) =>
    revokeManagementToken(ctx.app, ctx.user.id, input.organizationId, input.tokenId),
  ),
});
