// Management tokens, as the management API (server/manage/) and the app use them.
export {
  grantsScope,
  type ManagementAccess,
  type ManagementFamily,
  type ManagementScope,
  managementFamilies,
  managementFamilyLabels,
  managementScopes,
} from "../../lib/management-scopes.ts";
export { authenticateManagementToken, type ManagementCaller } from "./authenticate-management-token.ts";
export {
  type CreatedManagementTokenOutput,
  type CreateManagementTokenInput,
  createdManagementTokenOutput,
  createManagementTokenInput,
  type ManagementTokenOutput,
  managementTokenOutput,
  managementTokenScopesField,
} from "./management-token-schemas.ts";
export { looksLikeManagementToken, MANAGEMENT_TOKEN_REFUSED } from "./management-token-secret.ts";
export {
  createManagementToken,
  listManagementTokens,
  MANAGEMENT_TOKEN_NOT_FOUND,
  revokeManagementToken,
} from "./management-tokens.ts";
export { managementRateLimit, type RateDecision } from "./rate-limit.ts";
