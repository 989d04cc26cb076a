// Binds every OAuth grant to one Portico project. The consent screen posts the chosen project with
// the user's approval (`project_id` beside `accept` on /oauth2/consent); this hook checks that the
// user can open it and keeps it for the rest of the request. The plugin's `consentReferenceId` reads
// it back, so the consent row, the authorization code and every access and refresh token issued from
// it carry the project as `referenceId`, and refresh-token rotation keeps it.
//
// Outside that request (a plain /oauth2/authorize) no project has been chosen, and the answer is a
// value no consent row ever carries: the user is always sent to the consent screen to pick one, so a
// client is never silently bound to whatever project was used last.
import { defineRequestState } from "@better-auth/core/context";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { idField } from "../../lib/validation.ts";
import type { Database } from "../db/client.ts";
import { requireTwoFactorWhereRequired, TwoFactorRequiredError } from "../organizations/two-factor-policy.ts";
import { findProjectAccess } from "../projects/access.ts";

export const NO_PROJECT_CHOSEN = "no-project-chosen";
export const CHOOSE_A_PROJECT = "Choose a project for this connection.";

const chosenProject = defineRequestState<string | null>(() => null);

/** `postLogin.consentReferenceId` of the oauth-provider plugin. */
export async function consentReferenceId(): Promise<string> {
  return (await chosenProject.get()) ?? NO_PROJECT_CHOSEN;
}

const refuse = (status: "BAD_REQUEST" | "NOT_FOUND" | "UNAUTHORIZED" | "FORBIDDEN", description: string) =>
  new APIError(status, { error: "invalid_request", error_description: description, message: description });

export function projectChoiceHook(db: Database) {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/consent",
    handler: createAuthMiddleware(async (ctx) => {
      const body = (ctx.body ?? {}) as { accept?: unknown; project_id?: unknown };
      // Denying needs no project: the client just gets access_denied.
      if (body.accept !== true) return;
      const projectId = idField.safeParse(body.project_id);
      if (!projectId.success) throw refuse("BAD_REQUEST", CHOOSE_A_PROJECT);
      const session = await getSessionFromCtx(ctx);
      if (!session) throw refuse("UNAUTHORIZED", "Sign in to continue.");
      const access = await findProjectAccess(db, projectId.data, session.user.id);
      if (!access) throw refuse("NOT_FOUND", "Project not found");
      // Granting a client access is a person's act: the organization's two-factor policy holds here as
      // on its pages (the tokens it yields, machine credentials, are not held to it afterwards).
      const twoFactorEnabled =
        (session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true;
      await requireTwoFactorWhereRequired(
        db,
        { id: session.user.id, twoFactorEnabled },
        access.project.organizationId,
      ).catch((error: unknown) => {
        throw error instanceof TwoFactorRequiredError ? refuse("FORBIDDEN", error.message) : error;
      });
      await chosenProject.set(access.project.id);
    }),
  };
}
