// Session tokens are stored as their SHA-256 (hex), never as the value the cookie carries, so a copy of
// the database (a dump, a backup, a replica) holds no session anyone can present. Better Auth 1.7.5 has
// no option for it (its `secondaryStorage` keeps raw tokens in keys and values, and a
// `databaseHooks.session.create.before` change would also change the cookie), so the database adapter is
// wrapped: every `token` written to the session table is hashed, every `token` compared is hashed, and
// the raw token goes back into the rows Better Auth gets whenever the wrapper has seen it (the create,
// the lookup by cookie, and any row of the same request: Better Auth's `revokeOtherSessions` keeps the
// listed session whose token equals the current cookie's).
//
// A row whose raw token was not seen (another session in a list, a row found by id) carries the stored
// hash as its `token`, and the same request may use that value to end the session (Better Auth's
// revokeOtherSessions, the admin and oauth-provider plugins do). A stored hash from anywhere else — a
// cookie, a request body, another request — is hashed like any value and finds nothing, so what a
// dump shows never authenticates.
import { createHash } from "node:crypto";
import { defineRequestState, hasRequestState, runWithRequestState } from "@better-auth/core/context";
import type { DBAdapter, DBTransactionAdapter, Where } from "@better-auth/core/db/adapter";
import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { session } from "../db/schema/index.ts";
import { endpointHookPlugin } from "./endpoint-hook.ts";

const SESSION_MODEL = "session";
const TOKEN_FIELD = "token";
const STORED_FORM = /^[0-9a-f]{64}$/;

/** What the session table stores for a session token (also what migration 0034 computes in SQL). */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

interface SeenThisRequest {
  /** Raw tokens this request presented or was given, by their stored hash. */
  raw: Map<string, string>;
  /** Stored hashes of the rows this request read without knowing their raw token. */
  listed: Set<string>;
}

const seenTokens = defineRequestState<SeenThisRequest>(() => ({ raw: new Map(), listed: new Set() }));

async function seen(): Promise<SeenThisRequest | undefined> {
  return (await hasRequestState()) ? seenTokens.get() : undefined;
}

/**
 * The stored form of a token in a where clause: a raw token is hashed. A stored hash is taken as it is
 * only when this same request has read that row (Better Auth then deletes the sessions it listed, or
 * found by id, by the `token` it got); a stored hash arriving from outside, as a cookie or in a body, is
 * hashed like any other value and matches nothing. A real Better Auth token is 32 letters and digits.
 */
async function storedFormOf(value: unknown): Promise<string> {
  const text = String(value);
  const state = await seen();
  if (STORED_FORM.test(text) && state?.listed.has(text)) return text;
  const stored = hashSessionToken(text);
  state?.raw.set(stored, text);
  return stored;
}

/**
 * Runs `fn` (Better Auth API calls) as a request that has read the session stored as `stored`: for
 * Portico's own reads of the session table (the admin's sessions page ends a session found by id).
 */
export function asReadSession<T>(stored: string, fn: () => Promise<T>): Promise<T> {
  return runWithRequestState(new WeakMap(), async (): Promise<T> => {
    (await seenTokens.get()).listed.add(stored);
    return fn();
  }) as Promise<T>;
}

async function hashWhere(where: Where[] | undefined): Promise<Where[] | undefined> {
  if (!where) return where;
  return Promise.all(
    where.map(async (clause) => {
      if (clause.field !== TOKEN_FIELD) return clause;
      const operator = clause.operator ?? "eq";
      if (operator === "eq" || operator === "ne") {
        return { ...clause, value: await storedFormOf(clause.value) };
      }
      if ((operator === "in" || operator === "not_in") && Array.isArray(clause.value)) {
        const values = clause.value as unknown[];
        return { ...clause, value: await Promise.all(values.map((v) => storedFormOf(v))) };
      }
      // Better Auth compares tokens only for equality; a pattern over hashes would mean nothing.
      throw new Error(`Session tokens are stored hashed: "${operator}" cannot compare them.`);
    }),
  );
}

async function restoreToken<T>(row: T): Promise<T> {
  if (!row || typeof row !== "object") return row;
  const stored = (row as { token?: unknown }).token;
  if (typeof stored !== "string") return row;
  const state = await seen();
  const raw = state?.raw.get(stored);
  if (raw !== undefined) return { ...row, token: raw };
  state?.listed.add(stored);
  return row;
}

/** A session row, or a row with sessions joined under `session` (one or many). */
async function restoreRow<T>(model: string, row: T): Promise<T> {
  if (!row || typeof row !== "object") return row;
  if (model === SESSION_MODEL) return restoreToken(row);
  const joined = (row as { session?: unknown }).session;
  if (joined === undefined || joined === null) return row;
  const session = Array.isArray(joined)
    ? await Promise.all(joined.map(restoreToken))
    : await restoreToken(joined);
  return { ...row, session };
}

async function hashTokenIn<T extends Record<string, unknown>>(model: string, data: T): Promise<T> {
  if (model !== SESSION_MODEL || typeof data[TOKEN_FIELD] !== "string") return data;
  const raw = data[TOKEN_FIELD] as string;
  const stored = hashSessionToken(raw);
  (await seen())?.raw.set(stored, raw);
  return { ...data, [TOKEN_FIELD]: stored };
}

function wrap<A extends DBTransactionAdapter>(inner: A): A {
  const whereFor = (model: string, where: Where[] | undefined) =>
    model === SESSION_MODEL ? hashWhere(where) : Promise.resolve(where);
  return {
    ...inner,
    create: async (args) => {
      const created = await inner.create({ ...args, data: await hashTokenIn(args.model, args.data) });
      return restoreRow(args.model, created);
    },
    findOne: async (args) =>
      restoreRow(
        args.model,
        await inner.findOne({ ...args, where: (await whereFor(args.model, args.where)) ?? [] }),
      ),
    findMany: async (args) => {
      const rows = await inner.findMany({ ...args, where: await whereFor(args.model, args.where) });
      return Promise.all(rows.map((row) => restoreRow(args.model, row)));
    },
    count: async (args) => inner.count({ ...args, where: await whereFor(args.model, args.where) }),
    update: async (args) => {
      const updated = await inner.update({
        ...args,
        where: (await whereFor(args.model, args.where)) ?? [],
        update: await hashTokenIn(args.model, args.update as Record<string, unknown>),
      });
      return restoreRow(args.model, updated);
    },
    updateMany: async (args) =>
      inner.updateMany({
        ...args,
        where: (await whereFor(args.model, args.where)) ?? [],
        update: await hashTokenIn(args.model, args.update),
      }),
    delete: async (args) => inner.delete({ ...args, where: (await whereFor(args.model, args.where)) ?? [] }),
    deleteMany: async (args) =>
      inner.deleteMany({ ...args, where: (await whereFor(args.model, args.where)) ?? [] }),
    consumeOne: async (args) =>
      restoreRow(
        args.model,
        await inner.consumeOne({ ...args, where: (await whereFor(args.model, args.where)) ?? [] }),
      ),
    incrementOne: async (args) =>
      restoreRow(
        args.model,
        await inner.incrementOne({ ...args, where: (await whereFor(args.model, args.where)) ?? [] }),
      ),
  } as A;
}

/** `database:` for betterAuth(): the given adapter with session tokens stored hashed. */
export function withHashedSessionTokens(
  adapter: (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions>,
): (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions> {
  return (options) => {
    const inner = adapter(options);
    return {
      ...wrap(inner),
      transaction: (callback) => inner.transaction((trx) => callback(wrap(trx))),
    };
  };
}

/**
 * Better Auth's /list-sessions gives the other sessions' stored hashes as their `token`, which its
 * /revoke-session then gets back: a hash of one of the caller's own sessions is accepted there as a
 * session this request has read. Anyone else's, or one from a dump, still finds nothing.
 */
export function revokeListedSessions(db: Database): BetterAuthPlugin {
  return endpointHookPlugin(
    "revoke-listed-sessions",
    "before",
    "/revoke-session",
    createAuthMiddleware(async (ctx) => {
      const token = (ctx.body as { token?: unknown } | undefined)?.token;
      if (typeof token !== "string" || !STORED_FORM.test(token)) return;
      const current = await getSessionFromCtx(ctx);
      if (!current) return;
      const [own] = await db
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.token, token), eq(session.userId, current.user.id)));
      if (own) (await seenTokens.get()).listed.add(token);
    }),
  );
}
