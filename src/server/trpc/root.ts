import { router } from "./init.ts";
import { accountRouter } from "./routers/account.ts";
import { adminRouter } from "./routers/admin.ts";
import { apiKeysRouter } from "./routers/api-keys.ts";
import { auditLogRouter } from "./routers/audit-log.ts";
import { billingRouter } from "./routers/billing.ts";
import { callLogRouter } from "./routers/call-log.ts";
import { contactRouter } from "./routers/contact.ts";
import { externalUsersRouter } from "./routers/external-users.ts";
import { governanceRouter } from "./routers/governance.ts";
import { integrationsRouter } from "./routers/integrations.ts";
import { llmCredentialsRouter } from "./routers/llm-credentials.ts";
import { managementTokensRouter } from "./routers/management-tokens.ts";
import { marketplaceRouter } from "./routers/marketplace.ts";

import { oauthAppGuideRouter } from "./routers/oauth-app-guide.ts";
import { oauthClientsRouter } from "./routers/oauth-clients.ts";
import { organizationRouter } from "./routers/organization.ts";
import { organizationInvitationsRouter } from "./routers/organization-invitations.ts";
import { organizationMemberRouter } from "./routers/organization-member.ts";
import { projectRouter } from "./routers/project.ts";
import { projectAgentsRouter } from "./routers/project-agents.ts";
import { projectPermissionsRouter } from "./routers/project-permissions.ts";
import { projectServersRouter } from "./routers/project-servers.ts";
import { standardToolsRouter } from "./routers/standard-tools.ts";
import { toolsRouter } from "./routers/tools.ts";
import { userRouter } from "./routers/user.ts";
import { webhooksRouter } from "./routers/webhooks.ts";

export const appRouter = router({
  account: accountRouter,
  admin: adminRouter,
  apiKeys: apiKeysRouter,
  externalUsers: externalUsersRouter,
  auditLog: auditLogRouter,
  billing: billingRouter,
  callLog: callLogRouter,
  contact: contactRouter,
  governance: governanceRouter,
  integrations: integrationsRouter,
  llmCredentials: llmCredentialsRouter,
  managementTokens: managementTokensRouter,
  marketplace: marketplaceRouter,

  oauthAppGuide: oauthAppGuideRouter,
  oauthClients: oauthClientsRouter,
  organization: organizationRouter,
  organizationInvitations: organizationInvitationsRouter,
  organizationMember: organizationMemberRouter,
  project: projectRouter,
  projectAgents: projectAgentsRouter,
  projectPermissions: projectPermissionsRouter,
  projectServers: projectServersRouter,
  standardTools: standardToolsRouter,
  tools: toolsRouter,
  user: userRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
