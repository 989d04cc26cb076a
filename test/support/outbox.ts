// Reading mail from the outbox (the instance has no SMTP in tests) and calling Better Auth's HTTP
// endpoints the way a browser would.
import { desc, eq } from "drizzle-orm";
import type { App } from "~/server/app-services.ts";
import type { Database } from "~/server/db/client.ts";
import { outboxEmail } from "~/server/db/schema/index.ts";

export async function mailsTo(db: Database, to: string) {
  return db.select().from(outboxEmail).where(eq(outboxEmail.to, to)).orderBy(desc(outboxEmail.createdAt));
}

/** The first link in a plain-text mail. */
export function linkIn(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in mail:\n${text}`);
  return match[0];
}

/** A request to the auth handler from the app's own origin; the response is returned as is. */
export function authRequest(
  app: App,
  method: "GET" | "POST",
  pathOrUrl: string,
  options: { body?: object; cookie?: string } = {},
): Promise<Response> {
  const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${app.config.baseUrl}/api/auth${pathOrUrl}`;
  const headers = new Headers({ origin: app.config.baseUrl });
  if (options.body) headers.set("content-type", "application/json");
  if (options.cookie) headers.set("cookie", options.cookie);
  return app.auth.handler(
    new Request(url, {
      method,
      headers,
      body: options.body ? JSON.stringify(options.body) : undefined,
      redirect: "manual",
    }),
  );
}
