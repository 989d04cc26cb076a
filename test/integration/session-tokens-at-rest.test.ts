// Session tokens at rest (issue 42, finding 8): the session table holds each token's SHA-256, so what a
// database dump shows cannot be presented as a session, even signed with the auth secret the way
// Better Auth signs its cookie; the cookie itself keeps working, and so do sign-out and revocation.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashSessionToken } from "~/server/auth/hashed-session-tokens.ts";
import { session, user } from "~/server/db/schema/index.ts";
import { callerFor, headersFor, signIn, signUp, TEST_AUTH_SECRET } from "../support/app.ts";
import { dumpDatabase } from "../support/dump.ts";
import { appForFile } from "../support/fixture.ts";
import { authRequest } from "../support/outbox.ts";
import { newUser } from "../support/users.ts";

const app = await appForFile();
const COOKIE = "better-auth.session_token";

/** The raw session token inside a `better-auth.session_token=<token>.<signature>` cookie header. */
function tokenIn(cookie: string): string {
  const value = cookie
    .split("; ")
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!value) throw new Error(`No ${COOKIE} in ${cookie}`);
  return decodeURIComponent(value).split(".")[0] ?? "";
}

/** A cookie value signed as Better Auth (better-call) signs it: `<value>.<base64 HMAC-SHA256>`, encoded. */
function signedCookieValue(value: string): string {
  const signature = createHmac("sha256", TEST_AUTH_SECRET).update(value).digest("base64");
  return encodeURIComponent(`${value}.${signature}`);
}

async function storedToken(raw: string) {
  const [row] = await app.db
    .select({ token: session.token })
    .from(session)
    .where(eq(session.token, hashSessionToken(raw)));
  return row?.token;
}

const signedIn = async (headers: Headers) => (await app.auth.api.getSession({ headers }))?.user.email;

describe("session tokens at rest", () => {
  it("stores only the token's hash: the stored value, as a signed cookie or a bearer, does not sign in", async () => {
    const person = newUser("at-rest");
    const cookie = await signUp(app, person);
    const raw = tokenIn(cookie);
    const [row] = await app.db
      .select({ token: session.token })
      .from(session)
      .innerJoin(user, eq(session.userId, user.id))
      .where(eq(user.email, person.email));
    const stored = row?.token ?? "";
    expect(stored).toBe(hashSessionToken(raw));
    expect(stored).not.toBe(raw);
    expect(await dumpDatabase(app.db)).not.toContain(raw);

    // The real cookie signs in.
    expect(await signedIn(headersFor(cookie))).toBe(person.email);
    // The dumped value, signed with the secret exactly as Better Auth signs the cookie, does not.
    const forged = `${COOKIE}=${signedCookieValue(stored)}`;
    expect(await signedIn(headersFor(forged))).toBeUndefined();
    await expect(callerFor(app, forged).account.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const bearer = headersFor();
    bearer.set("authorization", `Bearer ${stored}`);
    expect(await signedIn(bearer)).toBeUndefined();
    // The signing itself is Better Auth's: the real token signed the same way signs in.
    expect(await signedIn(headersFor(`${COOKIE}=${signedCookieValue(raw)}`))).toBe(person.email);
  });

  it("signs out: the row goes and the cookie stops working", async () => {
    const cookie = await signUp(app, newUser("sign-out"));
    const raw = tokenIn(cookie);
    expect(await storedToken(raw)).toBe(hashSessionToken(raw));
    const response = await authRequest(app, "POST", "/sign-out", { cookie });
    expect(response.status).toBe(200);
    expect(await storedToken(raw)).toBeUndefined();
    expect(await signedIn(headersFor(cookie))).toBeUndefined();
  });

  it("lists the sessions and revokes the others, keeping the current one", async () => {
    const person = newUser("others");
    const first = await signUp(app, person);
    const second = await signIn(app, person);
    const third = await signIn(app, person);
    const account = await callerFor(app, first).account.get();
    expect(account.sessions).toHaveLength(3);
    expect(account.sessions.filter((s) => s.current)).toHaveLength(1);

    await callerFor(app, first).account.revokeOtherSessions();
    expect(await signedIn(headersFor(first))).toBe(person.email);
    expect(await signedIn(headersFor(second))).toBeUndefined();
    expect(await signedIn(headersFor(third))).toBeUndefined();
    expect((await callerFor(app, first).account.get()).sessions).toHaveLength(1);
  });

  it("revokes one session by its own token, and not by the stored hash of another person's", async () => {
    const person = newUser("revoke-one");
    const first = await signUp(app, person);
    const second = await signIn(app, person);
    const other = await signUp(app, newUser("bystander"));

    const byHash = await authRequest(app, "POST", "/revoke-session", {
      cookie: first,
      body: { token: hashSessionToken(tokenIn(other)) },
    });
    expect(byHash.status).toBe(200);
    expect(await signedIn(headersFor(other))).toBeDefined();

    const own = await authRequest(app, "POST", "/revoke-session", {
      cookie: first,
      body: { token: tokenIn(second) },
    });
    expect(own.status).toBe(200);
    expect(await signedIn(headersFor(second))).toBeUndefined();
    expect(await signedIn(headersFor(first))).toBe(person.email);
  });

  it("revokes another of one's own sessions by the token /list-sessions gives for it (its hash)", async () => {
    const person = newUser("listed");
    const first = await signUp(app, person);
    const second = await signIn(app, person);
    const listed = (await (await authRequest(app, "GET", "/list-sessions", { cookie: first })).json()) as {
      token: string;
    }[];
    expect(listed.map((s) => s.token)).toContain(hashSessionToken(tokenIn(second)));
    expect(listed.map((s) => s.token)).not.toContain(tokenIn(second));

    const response = await authRequest(app, "POST", "/revoke-session", {
      cookie: first,
      body: { token: hashSessionToken(tokenIn(second)) },
    });
    expect(response.status).toBe(200);
    expect(await signedIn(headersFor(second))).toBeUndefined();
    expect(await signedIn(headersFor(first))).toBe(person.email);
  });
});
