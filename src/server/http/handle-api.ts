// Requests that never reach the page renderer: authentication and the typed data API.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { handleTriggerWebhook, isTriggerPath } from "../agents/triggers/handle-trigger-webhook.ts";
import { handleOutlookPush, isOutlookPushPath } from "../agents/triggers/outlook/handle-outlook-push.ts";
import type { App } from "../app-services.ts";
import { withAuditRequest } from "../audit/audit-request.ts";
import { handleStripeWebhook, STRIPE_WEBHOOK_PATH } from "../billing/stripe-webhook.ts";
import { handleOAuthCallback, OAUTH_CALLBACK_ROUTE } from "../integrations/oauth/oauth-callback.ts";
import {
  CLIENT_METADATA_PATH,
  handleClientMetadataDocument,
} from "../integrations/oauth/remote-mcp/client-metadata-document.ts";
import { createContext } from "../trpc/init.ts";
import { appRouter } from "../trpc/root.ts";
import { requestClientAddress } from "./client-address.ts";
import { guardBrowserRequest } from "./guard-browser-request.ts";

const isUnder = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

export async function handleApiRequest(app: App, original: Request, pathname: string) {
  // Stripe signs the exact bytes it sends: its webhook reads the body itself, before any guard.
  if (pathname === STRIPE_WEBHOOK_PATH) return handleStripeWebhook(app, original);
  // Agent triggers are called by other services with the URL's secret, never with a session.
  if (isTriggerPath(pathname)) return handleTriggerWebhook(app, original, pathname);
  // Microsoft Graph's notifications for "new Outlook mail" triggers, checked by their clientState.
  if (isOutlookPushPath(pathname)) return handleOutlookPush(app, original, pathname);
  // Fetched by authorization servers (remote MCP OAuth), never by a browser session: public, unguarded.
  if (pathname === CLIENT_METADATA_PATH) return handleClientMetadataDocument(app, original);
  const auth = isUnder(pathname, "/api/auth");
  const trpc = isUnder(pathname, "/api/trpc");
  if (!auth && !trpc && pathname !== OAUTH_CALLBACK_ROUTE) return null;
  // Better Auth checks Origin itself on the requests of its own that change state.
  const guarded = await guardBrowserRequest(original, {
    baseUrl: app.config.baseUrl,
    checkOrigin: trpc,
    clientAddress: requestClientAddress(original, app.config.trustedProxies),
  });
  if (guarded instanceof Response) return guarded;
  const request = guarded;
  if (auth) return app.auth.handler(request);
  if (trpc) {
    return fetchRequestHandler({
      endpoint: "/api/trpc",
      req: request,
      router: appRouter,
      createContext: () => createContext(app, request.headers),
    });
  }
  // A connection it makes is audited with the request's address, like a tRPC mutation's changes.
  return withAuditRequest(request.headers, () => handleOAuthCallback(app, request));
}
