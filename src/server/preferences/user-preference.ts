// Server-only: one text value per (user, key) in user_preference.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { userPreference } from "../db/schema/platform.ts";

export async function readUserPreference(db: Database, userId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ value: userPreference.value })
    .from(userPreference)
    .where(and(eq(userPreference.userId, userId), eq(userPreference.key, key)));
  return row?.value ?? null;
}

export async function writeUserPreference(db: Database, userId: string, key: string, value: string) {
  await db
    .insert(userPreference)
    .values({ userId, key, value })
    .onConflictDoUpdate({
      target: [userPreference.userId, userPreference.key],
      set: { value, updatedAt: new Date() },
    });
}
