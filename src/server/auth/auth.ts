// The Better Auth instance: email/password accounts, database sessions and the site-wide admin role.
// Organizations and projects are Portico's own domain (see ARCHITECTURE.md), not the auth plugin's.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { admin } from "better-auth/plugins";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../lib/validation.ts";
import { leaveOrganizationsBeforeDeletion } from "../accounts/sole-ownership.ts";
import type { Database } from "../db/client.ts";
import { withoutQueryParameters } from "../db/errors.ts";
import * as schema from "../db/schema/index.ts";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address.ts";
import type { Mailer } from "../mail/mailer.ts";
import { oauthServerPlugins } from "../oauth/oauth-server.ts";
import { confirmEmailAddressEmail, resetPasswordEmail } from "./auth-emails.ts";
import { authMessages, BANNED_MESSAGE } from "./auth-messages.ts";
import { claimFirstAdministrator } from "./first-administrator.ts";
import { revokeListedSessions, withHashedSessionTokens } from "./hashed-session-tokens.ts";
import { instanceClaim } from "./instance-claim.ts";
import { profileValidation } from "./profile-validation.ts";
import { safeRedirects } from "./safe-redirects.ts";
import { signInThrottle } from "./sign-in-throttle.ts";
import { totpReuse } from "./totp-reuse.ts";
import { twoFactorPlugins } from "./two-factor.ts";

export interface AuthOptions {
  db: Database;
  baseUrl: string;
  secret: string;
  adminEmails: string[];
  /** The code a first sign-up from another machine gives (instance-claim.ts). */
  setupCode: string;
  /** Better Auth rate limiting needs a client IP; off in tests that call the handler directly. */
  production: boolean;
  /** ALLOW_PRIVATE_URLS (development and tests): OAuth client metadata documents on private hosts. */
  allowPrivateUrls: boolean;
  /** Password reset and address confirmation mail (the outbox without SMTP). */
  mailer: Mailer;
  /** REQUIRE_EMAIL_VERIFICATION: sign-up sends a confirmation link and sign-in waits for it. */
  requireEmailVerification: boolean;
}

const ONE_HOUR = 60 * 60;

export function createAuth(options: AuthOptions) {
  const { db, baseUrl, secret, adminEmails, production, allowPrivateUrls, mailer } = options;
  return betterAuth({
    appName: "Portico",
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [baseUrl],
    // Session tokens are stored as their hash: a copy of the database holds no usable session.
    database: withHashedSessionTokens(drizzleAdapter(db, { provider: "pg", schema })),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      requireEmailVerification: options.requireEmailVerification,
      sendResetPassword: ({ user, url }) => mailer.send(resetPasswordEmail(user.email, url)),
      resetPasswordTokenExpiresIn: ONE_HOUR,
      // Whoever reset the password may be locking someone else out: every session of the account ends.
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      // Always available: a changed address is confirmed by a link sent to it (user.changeEmail).
      sendVerificationEmail: ({ user, url }) => mailer.send(confirmEmailAddressEmail(user.email, url)),
      sendOnSignUp: options.requireEmailVerification,
      sendOnSignIn: options.requireEmailVerification,
      autoSignInAfterVerification: true,
      expiresIn: ONE_HOUR,
    },
    user: {
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          try {
            await leaveOrganizationsBeforeDeletion(db, user.id, "self");
          } catch (error) {
            throw new APIError("BAD_REQUEST", { message: (error as Error).message });
          }
        },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      useSecureCookies: baseUrl.startsWith("https://"),
      // Better Auth skips this check whenever NODE_ENV=test or TEST is set; an environment variable
      // must never be able to switch off redirect-target validation.
      disableOriginCheck: false,
      // The per-address rate limit keys on the address handle-api.ts resolved (client-address.ts),
      // never on X-Forwarded-For as the client sent it.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    rateLimit: { enabled: production, window: 60, max: 100 },
    telemetry: { enabled: false },
    // Better Auth logs a failed query with its parameters (a session lookup's are the bare token).
    logger: {
      log: (level, message, ...args) =>
        console[level](
          `[Better Auth] ${withoutQueryParameters(message)}`,
          ...args.map(withoutQueryParameters),
        ),
    },
    // Authorization errors that cannot go back to the client (unknown client, bad redirect) get a page.
    onAPIError: { errorURL: `${baseUrl}/oauth/error` },
    plugins: [
      safeRedirects(baseUrl),
      instanceClaim(db, options.setupCode),
      admin({ bannedUserMessage: BANNED_MESSAGE }),
      authMessages(),
      profileValidation(),
      signInThrottle(db),
      revokeListedSessions(db),
      ...twoFactorPlugins(),
      totpReuse(db),
      ...oauthServerPlugins({ db, baseUrl, allowPrivateUrls }),
    ],
    databaseHooks: {
      user: {
        create: {
          // The first account of an empty instance administers it; ADMIN_EMAILS may name more.
          before: async (user) => {
            const email = user.email.toLowerCase();
            const listed = adminEmails.includes(email);
            const isFirst = !listed && (await claimFirstAdministrator(db, email));
            return { data: { ...user, role: isFirst || listed ? "admin" : "user" } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
