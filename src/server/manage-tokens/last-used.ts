// "Last used" of a management token, written without a write per request: at most once per
// LAST_USED_PRECISION_MS per token and process, in the background (a failed write is reported, never
// the request's problem). The list shows it to the minute, which is all it promises.
import { eq } from "drizzle-orm";
import type { App } from "../app-services.ts";
import { managementToken } from "../db/schema/index.ts";
import { reportError } from "../observability/report-error.ts";
import type { CachedToken } from "./management-token-cache.ts";

export const LAST_USED_PRECISION_MS = 60_000;

export function noteUse(app: App, entry: CachedToken, now: number): void {
  const caller = entry.caller;
  if (!caller || now - entry.lastUsedWrittenAt < LAST_USED_PRECISION_MS) return;
  entry.lastUsedWrittenAt = now;
  app.db
    .update(managementToken)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(managementToken.id, caller.tokenId))
    .catch((error: unknown) => reportError(error, { where: "management-token-last-used" }));
}
