// Which connection a project server uses for a call: its named shared connection, the organization's
// default shared one, or, in personal mode, the caller's own. A project key acts for no person, so it
// cannot use a personal-mode server; an OAuth token, a personal key, the playground and agent runs
// started in the app act as their person.
import { providers } from "../../lib/integrations/providers.ts";
import type { App } from "../app-services.ts";
import type { Principal } from "../gateway/auth/principal.ts";
import type { ConnectionChoice } from "../integrations/connections/connection-choice.ts";
import { integrationOf, type ServerRecord } from "./server-store.ts";

/** The choice for listing tools (and for shared servers, for calls too): caller-independent. */
export function listingChoice(
  server: Pick<ServerRecord, "connectionMode" | "connectionId">,
): ConnectionChoice {
  if (server.connectionMode === "personal") return { kind: "any-personal" };
  return server.connectionId ? { kind: "named", connectionId: server.connectionId } : { kind: "shared" };
}

export const projectKeyRefusal = (toolName: string, providerName: string) =>
  `${toolName} uses each caller's own ${providerName} account, and a project API key acts for no person. ` +
  "Call it with a personal API key or through an OAuth sign-in.";

/** The caller's own connection for a personal-mode server's call, or why the caller has none to use. */
export function callChoice(
  server: Pick<ServerRecord, "integrationId">,
  principal: Principal,
  toolName: string,
): ConnectionChoice | { refusal: string } {
  // An external user's token: that user's own connection, never a member's.
  if (principal.externalUserId) {
    return { kind: "external", externalUserId: principal.externalUserId, purpose: toolName };
  }
  const providerName = providers[integrationOf(server.integrationId).provider].name;
  if (!principal.person) return { refusal: projectKeyRefusal(toolName, providerName) };
  return { kind: "personal", ownerUserId: principal.person, purpose: toolName };
}

/**
 * Where a person fixes a missing or broken connection: for a personal-mode server, the link that
 * connects their own account and comes back; otherwise the organization's integrations page.
 */
export function connectPageFor(
  app: App,
  server: Pick<ServerRecord, "organizationId" | "integrationId" | "connectionMode">,
): string {
  if (server.connectionMode === "personal") {
    const url = new URL(`/app/connect/${server.integrationId}`, app.config.baseUrl);
    url.searchParams.set("organization", server.organizationId);
    url.searchParams.set("personal", "1");
    return url.toString();
  }
  return `${app.config.baseUrl}/app/organization/${server.organizationId}/integrations`;
}
