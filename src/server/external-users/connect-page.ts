// The Portico-hosted page a connect link opens (no Portico login): it says which product asks, for
// which integration, and connects that external user's own account through the integrations' OAuth
// flow (oauth/start-oauth.ts and oauth-callback.ts, intent "external"), then returns to the builder's
// registered URL with a status. Self-contained HTML like the OAuth callback's pages: it needs no
// script, works at any width and keeps its HTTP status.
//   GET  /connect/<token>          what asks, and a Connect button (a preview fetching it uses nothing)
//   POST /connect/<token>          uses the link up and sends the browser to the provider
//   GET  /connect/finish/<link id> where the callback lands: back to the return URL with ?status=
import { integrationEntries, integrationProvider } from "../../integrations/catalogue.ts";
import { AppError } from "../../lib/errors.ts";
import { providers } from "../../lib/integrations/providers.ts";
import type { App } from "../app-services.ts";
import { findChosenConnection } from "../integrations/connections/connection-choice.ts";
import { escapeHtml, hostedPage } from "../integrations/oauth/callback-failure-page.ts";
import { beginAuthorization } from "../integrations/oauth/start-oauth.ts";
import {
  CONNECT_PATH,
  claimConnectLink,
  findOpenConnectLink,
  findUsedConnectLink,
  type OpenConnectLink,
} from "./connect-links.ts";

export const CONNECT_PREFIX = `${CONNECT_PATH}/`;
const FINISH_PREFIX = `${CONNECT_PATH}/finish/`;

const unusable = () =>
  hostedPage(
    410,
    "This link can no longer be used",
    `<h1>This link can no longer be used</h1>
  <p>Connect links work once and for a short time. Go back to the app that sent you and start connecting again.</p>`,
  );

/** The return URL with the outcome: `status` (connected, error, cancelled) and the builder's user id. */
function returnTo(link: Pick<OpenConnectLink, "returnUrl" | "externalId" | "integrationId">, status: string) {
  const url = new URL(link.returnUrl);
  url.searchParams.set("status", status);
  url.searchParams.set("external_user_id", link.externalId);
  url.searchParams.set("integration_id", link.integrationId);
  return url.toString();
}

function connectPage(link: OpenConnectLink, token: string): Response {
  const integration = integrationEntries[link.integrationId].name;
  const provider = providers[integrationProvider[link.integrationId]].name;
  const title = `Connect your ${integration} account`;
  return hostedPage(
    200,
    title,
    `<h1>${escapeHtml(title)}</h1>
  <p><strong>${escapeHtml(link.projectName)}</strong> (${escapeHtml(link.organizationName)}) asks to use your ${escapeHtml(provider)} account on your behalf. You sign in at ${escapeHtml(provider)}; Portico keeps the access it grants for you alone.</p>
  <dl>
    <dt>Product</dt><dd>${escapeHtml(link.projectName)}</dd>
    <dt>Integration</dt><dd>${escapeHtml(integration)}</dd>
    <dt>Your id there</dt><dd>${escapeHtml(link.externalId)}</dd>
  </dl>
  <form method="post" action="${escapeHtml(`${CONNECT_PATH}/${token}`)}" class="actions">
    <button type="submit" class="button primary">Connect ${escapeHtml(provider)}</button>
    <a class="button" href="${escapeHtml(returnTo(link, "cancelled"))}">Cancel</a>
  </form>`,
  );
}

/** Answers /connect/…; null for any other path. */
export async function handleConnectRequest(app: App, request: Request, pathname: string) {
  if (!pathname.startsWith(`${CONNECT_PATH}/`)) return null;
  if (pathname.startsWith(FINISH_PREFIX)) {
    if (request.method !== "GET") return new Response("Method not allowed.\n", { status: 405 });
    return finish(app, decodeURIComponent(pathname.slice(FINISH_PREFIX.length)));
  }
  const token = decodeURIComponent(pathname.slice(CONNECT_PATH.length + 1));
  if (request.method === "GET") {
    const link = await findOpenConnectLink(app.db, token);
    return link ? connectPage(link, token) : unusable();
  }
  if (request.method !== "POST") return new Response("Method not allowed.\n", { status: 405 });
  const link = await claimConnectLink(app.db, token);
  if (!link) return unusable();
  try {
    const { authorizeUrl } = await beginAuthorization(app, null, link.organizationId, link.integrationId, {
      intent: "external",
      connectionId: null,
      returnTo: `${FINISH_PREFIX}${encodeURIComponent(link.id)}`,
      externalUserId: link.externalUserId,
    });
    return new Response(null, {
      status: 303,
      headers: { location: authorizeUrl, "cache-control": "no-store" },
    });
  } catch (error) {
    // The organization has no OAuth app for it, say: the builder's to fix, so back to them with it.
    if (error instanceof AppError) {
      return Response.redirect(returnTo(link, "error"), 303);
    }
    throw error;
  }
}

/** After the provider: back to the builder with whether the user's connection works now. */
async function finish(app: App, linkId: string): Promise<Response> {
  const link = await findUsedConnectLink(app.db, linkId);
  if (!link) return unusable();
  const connection = await findChosenConnection(
    app.db,
    link.organizationId,
    integrationProvider[link.integrationId],
    { kind: "external", externalUserId: link.externalUserId },
  );
  const status = connection?.status === "active" ? "connected" : "error";
  return new Response(null, {
    status: 303,
    headers: { location: returnTo(link, status), "cache-control": "no-store" },
  });
}
