// The project a user last connected a client to, preselected on the consent screen. It is read from
// the consents the authorization server keeps (one per user, client and project), and only offered
// while the user can still open that project.
import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { oauthConsent } from "../db/schema/index.ts";
import { findProjectAccess } from "../projects/access.ts";
import { NO_PROJECT_CHOSEN } from "./project-choice.ts";

const RECENT_CONSENTS = 10;

export async function getLastOAuthProject(db: Database, userId: string, clientId: string) {
  const consents = await db
    .select({ projectId: oauthConsent.referenceId })
    .from(oauthConsent)
    .where(
      and(
        eq(oauthConsent.userId, userId),
        eq(oauthConsent.clientId, clientId),
        ne(oauthConsent.referenceId, NO_PROJECT_CHOSEN),
      ),
    )
    .orderBy(desc(oauthConsent.updatedAt))
    .limit(RECENT_CONSENTS);
  for (const { projectId } of consents) {
    const access = projectId ? await findProjectAccess(db, projectId, userId) : null;
    if (access) return { projectId: access.project.id, projectName: access.project.name };
  }
  return null;
}
