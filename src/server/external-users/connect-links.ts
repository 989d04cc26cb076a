// Connect links: a short-lived, single-use URL to Portico's hosted page (connect-page.ts) that connects
// one external user's own account for one integration, then returns to a URL the project registered.
// Only the token's hash is stored. Opening the page shows what asks; starting to connect uses the link
// up (a link preview fetching it uses nothing), so a link can start one authorization, never two.
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { integrationProvider } from "../../integrations/catalogue.ts";
import { integrationRegistry, providerSpecs } from "../../integrations/registry.ts";
import { AppError } from "../../lib/errors.ts";
import { connectsWithoutOAuthApp, providers } from "../../lib/integrations/providers.ts";
import type { IntegrationId } from "../../lib/integrations/types.ts";
import type { App } from "../app-services.ts";
import type { Database } from "../db/client.ts";
import { externalUser, externalUserConnectLink, organization, project } from "../db/schema/index.ts";
import { findServer } from "../servers/server-store.ts";
import { createConnectLinkInput } from "./external-user-schemas.ts";
import { generateConnectLinkToken, hashSecret, looksLikeConnectLinkToken } from "./external-user-secrets.ts";
import { requireExternalUser } from "./external-users.ts";
import { type ProjectScope, parseInput } from "./project-scope.ts";
import { readReturnUrls } from "./return-urls.ts";

export const CONNECT_LINK_TTL_MS = 30 * 60 * 1000;
/** Links past their expiry this long are swept (the finish page needs a used one for a while). */
const KEEP_EXPIRED_MS = 60 * 60 * 1000;
export const CONNECT_PATH = "/connect";

/** A registered URL as given, or with a query of the builder's own added (its state, say). */
function isRegistered(returnUrl: string, registered: string[]): boolean {
  if (registered.includes(returnUrl)) return true;
  const url = new URL(returnUrl);
  const bare = `${url.origin}${url.pathname}`;
  return registered.some((entry) => entry === bare);
}

/** Whether external users can connect the integration here: its provider's OAuth. */
function connectsWithOAuth(integrationId: IntegrationId): boolean {
  const provider = integrationProvider[integrationId];
  return connectsWithoutOAuthApp(provider) || providerSpecs[provider].oauth !== undefined;
}

export async function createConnectLink(app: App, scope: ProjectScope, input: unknown) {
  const parsed = parseInput(createConnectLinkInput, input);
  const user = await requireExternalUser(app.db, scope, parsed.externalUserId);
  let integrationId = parsed.integrationId;
  if (parsed.serverId) {
    const server = await findServer(app.db, parsed.serverId);
    if (!server || server.projectId !== scope.projectId) throw new AppError("NOT_FOUND", "Server not found");
    integrationId = server.integrationId as IntegrationId;
  }
  if (!integrationId || !(integrationId in integrationRegistry)) {
    throw new AppError("BAD_REQUEST", "integrationId: Unknown integration");
  }
  if (!connectsWithOAuth(integrationId)) {
    const name = providers[integrationProvider[integrationId]].name;
    throw new AppError("BAD_REQUEST", `integrationId: ${name} does not connect a person's own account`);
  }
  const registered = await readReturnUrls(app.db, scope.projectId);
  if (!isRegistered(parsed.returnUrl, registered)) {
    throw new AppError(
      "BAD_REQUEST",
      "returnUrl: not one of the project's registered return URLs (add it in the project's settings)",
    );
  }
  // Old links are swept here rather than by a background job, like abandoned OAuth states.
  await app.db
    .delete(externalUserConnectLink)
    .where(lt(externalUserConnectLink.expiresAt, new Date(Date.now() - KEEP_EXPIRED_MS)));
  const { token, tokenHash } = generateConnectLinkToken();
  const expiresAt = new Date(Date.now() + CONNECT_LINK_TTL_MS);
  await app.db.insert(externalUserConnectLink).values({
    externalUserId: user.id,
    projectId: scope.projectId,
    integrationId,
    tokenHash,
    returnUrl: parsed.returnUrl,
    expiresAt,
  });
  return { url: new URL(`${CONNECT_PATH}/${token}`, app.config.baseUrl).toString(), expiresAt };
}

export interface OpenConnectLink {
  id: string;
  externalUserId: string;
  externalId: string;
  projectId: string;
  projectName: string;
  organizationId: string;
  organizationName: string;
  integrationId: IntegrationId;
  returnUrl: string;
  expiresAt: Date;
}

const linkColumns = {
  id: externalUserConnectLink.id,
  externalUserId: externalUserConnectLink.externalUserId,
  externalId: externalUser.externalId,
  projectId: externalUserConnectLink.projectId,
  projectName: project.name,
  organizationId: project.organizationId,
  organizationName: organization.name,
  integrationId: externalUserConnectLink.integrationId,
  returnUrl: externalUserConnectLink.returnUrl,
  expiresAt: externalUserConnectLink.expiresAt,
  usedAt: externalUserConnectLink.usedAt,
};

function linkQuery(db: Database) {
  return db
    .select(linkColumns)
    .from(externalUserConnectLink)
    .innerJoin(externalUser, eq(externalUser.id, externalUserConnectLink.externalUserId))
    .innerJoin(project, eq(project.id, externalUserConnectLink.projectId))
    .innerJoin(organization, eq(organization.id, project.organizationId));
}

/** The link a token opens, while it is unused and unexpired; null otherwise (the page says why not). */
export async function findOpenConnectLink(db: Database, token: string): Promise<OpenConnectLink | null> {
  if (!looksLikeConnectLinkToken(token)) return null;
  const [row] = await linkQuery(db).where(eq(externalUserConnectLink.tokenHash, hashSecret(token)));
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  const { usedAt: _u, ...link } = row;
  return link;
}

/** Uses the link up: only one request can, however many arrive together. Null when it is not open. */
export async function claimConnectLink(db: Database, token: string): Promise<OpenConnectLink | null> {
  const link = await findOpenConnectLink(db, token);
  if (!link) return null;
  const [claimed] = await db
    .update(externalUserConnectLink)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(externalUserConnectLink.id, link.id),
        isNull(externalUserConnectLink.usedAt),
        gt(externalUserConnectLink.expiresAt, new Date()),
      ),
    )
    .returning({ id: externalUserConnectLink.id });
  return claimed ? link : null;
}

/** A used link, by id, for the page the provider's callback lands on before returning to the builder. */
export async function findUsedConnectLink(db: Database, id: string) {
  const [row] = await linkQuery(db).where(eq(externalUserConnectLink.id, id));
  return row?.usedAt ? row : null;
}
