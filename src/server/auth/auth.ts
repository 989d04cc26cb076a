// The Better Auth instance: email/password accounts, database sessions and the site-wide admin role.
// Organizations and projects are Portico's own domain (see ARCHITECTURE.md), not the auth plugin's.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { count } from "drizzle-orm";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../lib/validation.ts";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { oauthServerPlugins } from "../oauth/oauth-server.ts";
import { signInThrottle } from "./sign-in-throttle.ts";

export interface AuthOptions {
  db: Database;
  baseUrl: string;
  secret: string;
  adminEmails: string[];
  /** Better Auth rate limiting needs a client IP; off in tests that call the handler directly. */
  production: boolean;
  /** ALLOW_PRIVATE_URLS (development and tests): OAuth client metadata documents on private hosts. */
  allowPrivateUrls: boolean;
}

export function createAuth({ db, baseUrl, secret, adminEmails, production, allowPrivateUrls }: AuthOptions) {
  return betterAuth({
    appName: "Portico",
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [baseUrl],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      useSecureCookies: baseUrl.startsWith("https://"),
      // Better Auth skips this check whenever NODE_ENV=test or TEST is set; an environment variable
      // must never be able to switch off redirect-target validation.
      disableOriginCheck: false,
    },
    rateLimit: { enabled: production, window: 60, max: 100 },
    telemetry: { enabled: false },
    // Authorization errors that cannot go back to the client (unknown client, bad redirect) get a page.
    onAPIError: { errorURL: `${baseUrl}/oauth/error` },
    plugins: [admin(), signInThrottle(db), ...oauthServerPlugins({ db, baseUrl, allowPrivateUrls })],
    databaseHooks: {
      user: {
        create: {
          // The first account of an empty instance administers it; ADMIN_EMAILS may name more.
          before: async (user) => {
            const [row] = await db.select({ users: count() }).from(schema.user);
            const isFirst = (row?.users ?? 0) === 0;
            const listed = adminEmails.includes(user.email.toLowerCase());
            return { data: { ...user, role: isFirst || listed ? "admin" : "user" } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
