// The account page's two-factor changes go to Better Auth's own endpoints from the browser (not through
// tRPC): turning it on or off renews the session, and only a browser request receives the new cookie.
import { authClient } from "~/components/auth/auth-client.ts";

type AuthResult<T> = { data: T | null; error: { message?: string; status?: number } | null };

/** The answer's data, or its error thrown as is (errorMessage shows the server's message). */
async function unwrap<T>(call: Promise<AuthResult<T>>): Promise<T> {
  const { data, error } = await call;
  if (error) throw error;
  if (data === null) throw new Error("The server sent no answer. Please try again.");
  return data;
}

export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

export async function startTwoFactorSetup(password: string): Promise<TwoFactorSetup> {
  const data = await unwrap(authClient().twoFactor.enable({ password }));
  if (!("totpURI" in data) || !data.totpURI) throw new Error("The server sent no authenticator key.");
  return { totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] };
}

export function confirmTwoFactorSetup(code: string) {
  return unwrap(authClient().twoFactor.verifyTotp({ code }));
}

export async function renewBackupCodes(password: string): Promise<string[]> {
  return (await unwrap(authClient().twoFactor.generateBackupCodes({ password }))).backupCodes;
}

export function turnOffTwoFactor(password: string) {
  return unwrap(authClient().twoFactor.disable({ password }));
}

/** The base32 secret of an otpauth:// URI, in groups of four for typing into an app by hand. */
export function manualEntryKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
