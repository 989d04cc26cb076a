// Token-refresh tests start from a stored access token that looks expired, as it would an hour later.
import { and, eq } from "drizzle-orm";
import type { ProviderId } from "~/lib/integrations/types.ts";
import type { Database } from "~/server/db/client.ts";
import { integrationConnection } from "~/server/db/schema/index.ts";

/** Marks the organization's connection to `provider` as expired a second ago: the next call refreshes first. */
export async function expireStoredToken(db: Database, organizationId: string, provider: ProviderId) {
  await db
    .update(integrationConnection)
    .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
    .where(
      and(
        eq(integrationConnection.organizationId, organizationId),
        eq(integrationConnection.provider, provider),
      ),
    );
}
