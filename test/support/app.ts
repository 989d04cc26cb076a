// In-process app for integration tests: real Better Auth, real tRPC procedures, a throwaway database.
// Tests sign up real users through the auth handler and call procedures as them, so permission checks
// run exactly as they do behind HTTP.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AppOptions, createApp } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { webhookEmitsSettled } from "~/server/builder-webhooks/emit.ts";
import { parseConfig } from "~/server/config.ts";
import { connectionAlertsSettled } from "~/server/integrations/connections/connection-alerts.ts";
import { createCallerFactory, createContext } from "~/server/trpc/init.ts";
import { appRouter } from "~/server/trpc/root.ts";
import { createTestDatabase } from "./database.ts";

export const TEST_BASE_URL = "http://localhost:3000";
export const TEST_AUTH_SECRET = "portico-test-secret-0123456789abcdefghijklmnop";

/** Builds an app on a fresh database. `app.database.close()` drops the database and temp folder. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: AppOptions = {},
): Promise<App> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portico-test-"));
  const config = parseConfig({
    APP_ENV: "test",
    BASE_URL: TEST_BASE_URL,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    // Starting OAuth would otherwise first ask each provider's real sign-in host whether it answers
    // (tests that save an app for HubSpot or a Salesforce sandbox): tests never reach the internet.
    // oauth-unreachable-host.test.ts turns the check on against local addresses.
    OAUTH_HOST_CHECK: "false",
    ...overrides,
  });
  const database = await createTestDatabase();
  let app: App | undefined;
  const close = async () => {
    try {
      // Like closeApp(): the call log is flushed and alert e-mails under way are sent while the
      // database is still open.
      // Webhook events under way are queued while the queue is still open.
      if (app) await webhookEmitsSettled(app);
      await app?.agentSchedules.queue.stop();
      await app?.gateway.stop();
      if (app) await connectionAlertsSettled(app);
      await database.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    app = await createApp(config, { ...database, close }, options);
    return app;
  } catch (error) {
    await close();
    throw error;
  }
}

export interface Credentials {
  email: string;
  password: string;
  name: string;
}

/** Cookie request header ("a=1; b=2") from a response's Set-Cookie headers. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter(Boolean)
    .join("; ");
}

async function postAuth(app: App, endpoint: string, body: object): Promise<string> {
  const response = await app.auth.handler(
    new Request(`${app.config.baseUrl}/api/auth${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.config.baseUrl },
      body: JSON.stringify(body),
    }),
  );
  if (!response.ok) {
    throw new Error(`POST ${endpoint} failed: ${response.status} ${await response.text()}`);
  }
  const cookie = cookieFrom(response);
  if (!cookie) throw new Error(`POST ${endpoint} set no session cookie`);
  return cookie;
}

/** Signs up (and so signs in) a user; returns the session cookie header. */
export function signUp(app: App, user: Credentials): Promise<string> {
  return postAuth(app, "/sign-up/email", user);
}

export function signIn(app: App, user: Pick<Credentials, "email" | "password">): Promise<string> {
  return postAuth(app, "/sign-in/email", user);
}

/** Request headers of a browser holding `cookie` on the app's own origin. */
export function headersFor(cookie?: string, baseUrl = TEST_BASE_URL): Headers {
  const headers = new Headers({ origin: baseUrl });
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

const createCaller = createCallerFactory(appRouter);

/** A tRPC caller acting as the holder of `cookie` (anonymous without one); the session is read per call. */
export function callerFor(app: App, cookie?: string) {
  return createCaller(() => createContext(app, headersFor(cookie, app.config.baseUrl)));
}
