// The URLs a project's connect links may return to: an allow-list its editors set, so a connect link
// can never send an external user (with a status the builder trusts) to an address nobody registered.
import { asc, eq } from "drizzle-orm";
import type { App } from "../app-services.ts";
import type { Database } from "../db/client.ts";
import { externalUserReturnUrl } from "../db/schema/index.ts";
import { setReturnUrlsInput } from "./external-user-schemas.ts";
import { type ProjectScope, parseInput, requireScopedProject } from "./project-scope.ts";

export async function readReturnUrls(db: Database, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ url: externalUserReturnUrl.url })
    .from(externalUserReturnUrl)
    .where(eq(externalUserReturnUrl.projectId, projectId))
    .orderBy(asc(externalUserReturnUrl.url));
  return rows.map((row) => row.url);
}

export async function listReturnUrls(app: App, scope: ProjectScope) {
  await requireScopedProject(app.db, scope);
  return { urls: await readReturnUrls(app.db, scope.projectId) };
}

/** Replaces the project's list (links already made keep the URL they were made with until they expire). */
export async function setReturnUrls(app: App, scope: ProjectScope, input: unknown) {
  const { urls } = parseInput(setReturnUrlsInput, input);
  await requireScopedProject(app.db, scope);
  const unique = [...new Set(urls)];
  await app.db.transaction(async (tx) => {
    await tx.delete(externalUserReturnUrl).where(eq(externalUserReturnUrl.projectId, scope.projectId));
    if (unique.length > 0) {
      await tx
        .insert(externalUserReturnUrl)
        .values(unique.map((url) => ({ projectId: scope.projectId, url })));
    }
  });
  return { urls: unique };
}
