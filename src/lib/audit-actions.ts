// The organization audit log's fixed vocabulary: every action the server records, the words the page
// shows for it, and the group the page filters by. Plain data, safe for browsers; the database stores
// the action's id, so renaming a label never rewrites history, and a new action is one line here.

export const auditActions = {
  "organization.created": { group: "organization", label: "created the organization" },
  "organization.settings_changed": { group: "organization", label: "changed organization settings" },
  "member.invited": { group: "members", label: "invited a member" },
  "invitation.withdrawn": { group: "members", label: "withdrew an invitation" },
  "invitation.accepted": { group: "members", label: "accepted an invitation" },
  "member.role_changed": { group: "members", label: "changed a member's role" },
  "member.removed": { group: "members", label: "removed a member" },
  "member.left": { group: "members", label: "left the organization" },
  "project.created": { group: "projects", label: "created a project" },
  "project.updated": { group: "projects", label: "updated a project" },
  "project.deleted": { group: "projects", label: "deleted a project" },
  "project_access.granted": { group: "projects", label: "set project access" },
  "project_access.revoked": { group: "projects", label: "removed project access" },
  "api_key.created": { group: "api_keys", label: "created an API key" },
  "api_key.revoked": { group: "api_keys", label: "revoked an API key" },
  "integration.connected": { group: "integrations", label: "connected an integration" },
  "integration.disconnected": { group: "integrations", label: "disconnected an integration" },
  "credentials.updated": { group: "integrations", label: "saved integration credentials" },
  "credentials.deleted": { group: "integrations", label: "deleted integration credentials" },
  "server.added": { group: "integrations", label: "added a server to a project" },
  "server.removed": { group: "integrations", label: "removed a server from a project" },
  "server.updated": { group: "integrations", label: "renamed a server or changed whose account it uses" },
  "tool_definition.accepted": { group: "integrations", label: "accepted a tool's changed definition" },
  "tool_definition.rejected": { group: "integrations", label: "rejected a tool's changed definition" },
  "llm_credentials.updated": { group: "agents", label: "saved an LLM credential" },
  "llm_credentials.deleted": { group: "agents", label: "deleted an LLM credential" },
  "agent.created": { group: "agents", label: "added an agent" },
  "agent.updated": { group: "agents", label: "configured an agent" },
  "agent.deleted": { group: "agents", label: "deleted an agent" },
  "tool_policy.changed": { group: "governance", label: "set a tool policy" },
  "tool_policy.removed": { group: "governance", label: "removed a tool policy" },
  "project.protect_writes_changed": { group: "governance", label: "changed Protect writes" },
  "project.reviewer_added": { group: "governance", label: "named a reviewer of held calls" },
  "project.reviewer_removed": { group: "governance", label: "removed a reviewer of held calls" },
  "tool_call.held": { group: "governance", label: "held a tool call for approval" },
  "tool_call.approved": { group: "governance", label: "approved a tool call" },
  "tool_call.denied": { group: "governance", label: "denied a tool call" },
  "tool_call.confirmed": { group: "governance", label: "confirmed a tool call" },
  "tool_call.declined": { group: "governance", label: "declined to confirm a tool call" },
  "tool_call.withdrawn": { group: "governance", label: "withdrew a held tool call (cancelled its task)" },
  "tool_call.denied_by_policy": { group: "governance", label: "had a tool call denied by policy" },
  "subscription.changed": { group: "billing", label: "changed the subscription" },
  "oauth_client.authorized": { group: "oauth", label: "authorized an OAuth client" },
  "oauth_client.revoked": { group: "oauth", label: "revoked an OAuth client's access" },
  "management_token.created": { group: "management_tokens", label: "created a management token" },
  "management_token.revoked": { group: "management_tokens", label: "revoked a management token" },
  "webhook.created": { group: "webhooks", label: "added a webhook endpoint" },
  "webhook.updated": { group: "webhooks", label: "changed a webhook endpoint" },
  "webhook.deleted": { group: "webhooks", label: "deleted a webhook endpoint" },
  "webhook.secret_rotated": { group: "webhooks", label: "rotated a webhook endpoint's signing secret" },
  "external_user.created": { group: "external_users", label: "added an external user" },
  "external_user.deleted": { group: "external_users", label: "deleted an external user" },
  "external_user.token_issued": {
    group: "external_users",
    label: "issued an external user's MCP credential",
  },
  "external_user.token_revoked": {
    group: "external_users",
    label: "revoked an external user's MCP credential",
  },
} as const satisfies Record<string, { group: string; label: string }>;

export type AuditAction = keyof typeof auditActions;
export const auditActionIds = Object.keys(auditActions) as [AuditAction, ...AuditAction[]];

export const auditActionGroups = {
  organization: "Organization",
  members: "Members and invitations",
  projects: "Projects and access",
  api_keys: "API keys",
  integrations: "Integrations",
  agents: "Agents and LLM credentials",
  governance: "Governance",
  billing: "Billing",
  oauth: "OAuth clients",
  management_tokens: "Management tokens",
  webhooks: "Webhooks",
  external_users: "External users",
} as const;

export type AuditActionGroup = keyof typeof auditActionGroups;
export const auditActionGroupIds = Object.keys(auditActionGroups) as [
  AuditActionGroup,
  ...AuditActionGroup[],
];

export const actionsInGroup = (group: AuditActionGroup): AuditAction[] =>
  auditActionIds.filter((action) => auditActions[action].group === group);

/** Words for an action the page does not know (a newer server, an action since retired): its id. */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(auditActions, action) ? auditActions[action as AuditAction].label : action;

/** How long audit events are kept (server/audit/retention.ts prunes older ones). */
export const AUDIT_LOG_RETENTION_DAYS_DEFAULT = 365;
