// The first account of an empty instance administers it. Counting users and then inserting one let
// concurrent sign-ups all see an empty table (60 racing sign-ups made 60 administrators on
// PostgreSQL); the claim is now one insert on a single-row table's primary key, which exactly one wins.
import { count, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { firstAdministrator, user } from "../db/schema/index.ts";

/** True when `email` is (or, retrying a sign-up that failed after claiming, already was) the first account. */
export async function claimFirstAdministrator(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(user);
  if ((row?.users ?? 0) > 0) return false;
  const claimed = await db
    .insert(firstAdministrator)
    .values({ id: 1, email })
    .onConflictDoNothing()
    .returning({ email: firstAdministrator.email });
  if (claimed.length > 0) return true;
  const [existing] = await db
    .select({ email: firstAdministrator.email })
    .from(firstAdministrator)
    .where(eq(firstAdministrator.id, 1));
  return existing?.email === email;
}
