// Global (platform) credentials: Portico's own OAuth apps and keys, managed by site admins. The
// procedures that reach these check the site-admin role; organizations only learn which exist.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { integrationCredential } from "../../db/schema/index.ts";

/** Which provider/flow pairs have a global credential: no ids, no values. */
export async function platformCredentialFlows(db: Database) {
  return db
    .select({ provider: integrationCredential.provider, authFlow: integrationCredential.authFlow })
    .from(integrationCredential)
    .where(eq(integrationCredential.scope, "global"));
}
