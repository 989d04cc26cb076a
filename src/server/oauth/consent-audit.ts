// Records `oauth_client.authorized` when a person approves an MCP client for a project on the consent
// screen. The oauth-provider plugin writes the consent row in its own transaction, so this runs after
// it and only when that row is there: an approval the plugin refused leaves no event.
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { withAuditRequest } from "../audit/audit-request.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { oauthClient, oauthConsent, project } from "../db/schema/index.ts";
import { consentReferenceId } from "./project-choice.ts";

export function consentAuditHook(db: Database) {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/consent",
    handler: createAuthMiddleware(async (ctx) => {
      const body = (ctx.body ?? {}) as { accept?: unknown; oauth_query?: unknown };
      if (body.accept !== true || ctx.context.returned instanceof APIError) return;
      const clientId =
        typeof body.oauth_query === "string" ? new URLSearchParams(body.oauth_query).get("client_id") : null;
      const session = await getSessionFromCtx(ctx);
      if (!clientId || !session) return;
      const projectId = await consentReferenceId();
      const [granted] = await db
        .select({
          clientName: oauthClient.name,
          scopes: oauthConsent.scopes,
          projectName: project.name,
          organizationId: project.organizationId,
        })
        .from(oauthConsent)
        .innerJoin(oauthClient, eq(oauthClient.clientId, oauthConsent.clientId))
        .innerJoin(project, eq(project.id, oauthConsent.referenceId))
        .where(
          and(
            eq(oauthConsent.clientId, clientId),
            eq(oauthConsent.userId, session.user.id),
            eq(oauthConsent.referenceId, projectId),
          ),
        );
      if (!granted) return;
      await withAuditRequest(ctx.headers ?? new Headers(), () =>
        recordAuditEvent(db, {
          organizationId: granted.organizationId,
          action: "oauth_client.authorized",
          actorId: session.user.id,
          project: { id: projectId, name: granted.projectName },
          target: { type: "oauth_client", id: clientId, label: granted.clientName ?? clientId },
          details: { scopes: granted.scopes.join(" ") },
        }),
      );
    }),
  };
}
