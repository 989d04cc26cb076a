// The migration that hashes the session tokens already stored (hash_session_tokens) keeps everyone
// signed in: each row then holds exactly what the adapter compares a cookie's token with, and a row
// already hashed is left as it is.
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { hashSessionToken } from "~/server/auth/hashed-session-tokens.ts";
import { applyMigrations } from "~/server/db/migrate.ts";
import { createTestDatabase } from "../support/database.ts";
import { migrationsBefore } from "../support/migrations.ts";

const before = await migrationsBefore("hash_session_tokens");
const handle = await createTestDatabase((db) => applyMigrations(db, before));
afterAll(() => handle.close());
const { db } = handle;

// The shape of a Better Auth token: 32 letters and digits.
const RAW = "Zq8cW2vKp0LmN4xT7yB1dF6gH3jR5sUa";
const ALREADY_HASHED = hashSessionToken("another-session-token-0123456789");

it("stores each existing token's hash, so the cookie that carries it still matches", async () => {
  await db.execute(sql`insert into "user" ("id", "name", "email") values ('u1', 'Ada', 'ada@example.test')`);
  await db.execute(sql`insert into "session" ("id", "token", "user_id", "expires_at")
    values ('s1', ${RAW}, 'u1', now() + interval '1 day'),
           ('s2', ${ALREADY_HASHED}, 'u1', now() + interval '1 day')`);

  await applyMigrations(handle);

  const rows = (await db.execute(sql`select "id", "token" from "session" order by "id"`)) as unknown as {
    rows: { id: string; token: string }[];
  };
  expect(rows.rows).toEqual([
    { id: "s1", token: hashSessionToken(RAW) },
    { id: "s2", token: ALREADY_HASHED },
  ]);
});
