// Requests that never reach the page renderer: authentication and the typed data API.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { App } from "../app.ts";
import { handleStripeWebhook, STRIPE_WEBHOOK_PATH } from "../billing/stripe-webhook.ts";
import { handleOAuthCallback, OAUTH_CALLBACK_ROUTE } from "../integrations/oauth/oauth-callback.ts";
import { createContext } from "../trpc/init.ts";
import { appRouter } from "../trpc/root.ts";

export async function handleApiRequest(app: App, request: Request, pathname: string) {
  if (pathname === "/api/auth" || pathname.startsWith("/api/auth/")) {
    return app.auth.handler(request);
  }
  if (pathname === "/api/trpc" || pathname.startsWith("/api/trpc/")) {
    return fetchRequestHandler({
      endpoint: "/api/trpc",
      req: request,
      router: appRouter,
      createContext: () => createContext(app, request.headers),
    });
  }
  if (pathname === OAUTH_CALLBACK_ROUTE) return handleOAuthCallback(app, request);
  if (pathname === STRIPE_WEBHOOK_PATH) return handleStripeWebhook(app, request);
  return null;
}
