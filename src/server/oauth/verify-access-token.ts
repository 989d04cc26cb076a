// The check /mcp runs on every request with an OAuth bearer token: one indexed query (token hash →
// token, client, user, project membership), no network. Any doubt answers null, which /mcp turns into
// 401 with its resource-metadata challenge, so a client that lost its grant re-authorizes.
import { eq, sql } from "drizzle-orm";
import { effectiveProjectRole } from "../../lib/permissions.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import {
  oauthAccessToken,
  oauthClient,
  organizationMember,
  project,
  projectMember,
  user,
} from "../db/schema/index.ts";
import { organizationMembershipIn, projectMembershipIn } from "../projects/access.ts";
import { MCP_SCOPE } from "./oauth-server.ts";
import { hashStoredToken } from "./token-hash.ts";
import { ACCESS_TOKEN_PREFIX } from "./token-prefixes.ts";
import { mcpResourceUrl } from "./urls.ts";

export interface OAuthGrant {
  userId: string;
  projectId: string;
  clientId: string;
  clientName: string | null;
  scopes: string[];
}

const MAX_TOKEN_LENGTH = 512;

/**
 * Built and prepared once per database: the statement is planned once, and each call only binds the
 * token hash (the join would otherwise be rebuilt and re-planned on every /mcp request).
 */
const prepared = new WeakMap<Database, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Database) {
  return db
    .select({
      userId: oauthAccessToken.userId,
      projectId: oauthAccessToken.referenceId,
      clientId: oauthAccessToken.clientId,
      scopes: oauthAccessToken.scopes,
      resources: oauthAccessToken.resources,
      expiresAt: oauthAccessToken.expiresAt,
      revoked: oauthAccessToken.revoked,
      clientName: oauthClient.name,
      clientDisabled: oauthClient.disabled,
      banned: user.banned,
      banExpires: user.banExpires,
      organizationRole: organizationMember.role,
      projectRole: projectMember.role,
    })
    .from(oauthAccessToken)
    .innerJoin(oauthClient, eq(oauthClient.clientId, oauthAccessToken.clientId))
    .innerJoin(user, eq(user.id, oauthAccessToken.userId))
    .innerJoin(project, eq(project.id, oauthAccessToken.referenceId))
    .leftJoin(organizationMember, organizationMembershipIn(oauthAccessToken.userId))
    .leftJoin(projectMember, projectMembershipIn(oauthAccessToken.userId))
    .where(eq(oauthAccessToken.token, sql.placeholder("token")))
    .limit(1)
    .prepare("verify_oauth_access_token");
}

function lookup(db: Database) {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareLookup(db);
    prepared.set(db, statement);
  }
  return statement;
}

/** App, narrowed: the gateway reaches this file, and App names the gateway's type. */
export interface TokenCheckServices {
  db: Database;
  config: Pick<Config, "baseUrl">;
}

export async function verifyOAuthAccessToken(
  app: TokenCheckServices,
  token: string,
): Promise<OAuthGrant | null> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > MAX_TOKEN_LENGTH) return null;
  const stored = hashStoredToken(token.slice(ACCESS_TOKEN_PREFIX.length));
  const [row] = await lookup(app.db).execute({ token: stored });
  if (!row?.userId || !row.projectId) return null;
  const now = Date.now();
  if (row.revoked || !row.expiresAt || row.expiresAt.getTime() <= now) return null;
  // The audience: a token requested for another resource is not valid here (RFC 8707, MCP spec).
  if (!row.resources?.includes(mcpResourceUrl(app.config.baseUrl))) return null;
  if (!row.scopes.includes(MCP_SCOPE)) return null;
  if (row.clientDisabled) return null;
  if (row.banned && (!row.banExpires || row.banExpires.getTime() > now)) return null;
  if (!effectiveProjectRole(row.organizationRole, row.projectRole)) return null;
  return {
    userId: row.userId,
    projectId: row.projectId,
    clientId: row.clientId,
    clientName: row.clientName,
    scopes: row.scopes,
  };
}
