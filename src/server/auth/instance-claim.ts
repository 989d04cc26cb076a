// Claiming a fresh instance. `npm start` listens on every interface and the first account becomes the
// site administrator (first-administrator.ts), so anyone on the network could claim a new Portico. On
// an instance with no account yet, a sign-up from the machine itself (loopback, no proxy in between)
// works as before; from anywhere else it must carry the setup code, which the server prints in its
// console at start (SETUP_CODE sets it instead). The code is derived from the auth secret, so every
// replica and every restart agrees on it without storing anything, and it opens nothing once the first
// account exists.
import { createHmac, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { count } from "drizzle-orm";
import { SETUP_CODE_HEADER } from "../../lib/instance-setup.ts";
import type { Database } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address.ts";
import { endpointHookPlugin } from "./endpoint-hook.ts";

export { SETUP_CODE_HEADER };
export const SETUP_CODE_REQUIRED =
  "This Portico has no administrator yet. Sign up from the machine it runs on, or open the sign-up link with the setup code printed in the server's console.";

/** SETUP_CODE when set; otherwise twelve letters and digits derived from the auth secret. */
export function setupCode(authSecret: string, configured?: string): string {
  if (configured) return configured;
  const digest = createHmac("sha256", authSecret).update("portico first-administrator setup code").digest();
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const letters = Array.from(digest.subarray(0, 12), (byte) => alphabet[byte % alphabet.length]).join("");
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8, 12)}`;
}

function isLoopback(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith("127.");
  return family === 6 && (address === "::1" || /^::ffff:127\./i.test(address));
}

/**
 * The machine itself: a loopback peer that no proxy forwarded (a proxy on the same machine forwards
 * everyone's requests from loopback, with X-Forwarded-For). No address at all is a call made inside
 * the process (tests, scripts), never a request from the network: handle-api.ts sets the header on
 * every request it passes on.
 */
export function isFromThisMachine(headers: Headers): boolean {
  const address = headers.get(CLIENT_ADDRESS_HEADER);
  if (address === null) return true;
  return isLoopback(address) && !headers.has("x-forwarded-for") && !headers.has("forwarded");
}

function codeMatches(given: string | null, code: string): boolean {
  const a = Buffer.from((given ?? "").trim().toUpperCase());
  const b = Buffer.from(code.toUpperCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

async function hasAccounts(db: Database): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(user);
  return (row?.users ?? 0) > 0;
}

export function instanceClaim(db: Database, code: string): BetterAuthPlugin {
  let claimed = false; // once an account exists it always will: no more reads
  return endpointHookPlugin(
    "instance-claim",
    "before",
    "/sign-up/email",
    createAuthMiddleware(async (ctx) => {
      if (claimed) return;
      if (await hasAccounts(db)) {
        claimed = true;
        return;
      }
      const headers = ctx.request?.headers ?? ctx.headers ?? new Headers();
      if (isFromThisMachine(headers) || codeMatches(headers.get(SETUP_CODE_HEADER), code)) return;
      throw new APIError("FORBIDDEN", { code: "SETUP_CODE_REQUIRED", message: SETUP_CODE_REQUIRED });
    }),
  );
}

/** What the console says at start while the instance has no account; null once it has one. */
export async function claimInstructions(
  db: Database,
  urls: { local: string; public: string },
  code: string,
): Promise<string | null> {
  if (await hasAccounts(db)) return null;
  return [
    "No account yet: the first one to sign up becomes the site administrator.",
    `  On this machine, open ${urls.local}/sign-up`,
    `  From another machine, open ${urls.public}/sign-up?setup=${code} (setup code ${code}; SETUP_CODE sets your own)`,
  ].join("\n");
}
