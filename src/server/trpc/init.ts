// tRPC context and procedure builders. The context carries the services and the signed-in user, read
// from the session cookie on every request; procedures never trust ids without checking membership.
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError, z } from "zod";
import { AppError, type AppErrorCode } from "../../lib/errors.ts";
import type { OrganizationAction, ProjectAction } from "../../lib/permissions.ts";
import { idField } from "../../lib/validation.ts";
import type { App } from "../app-services.ts";
import { withAuditRequest } from "../audit/audit-request.ts";
import type { Database } from "../db/client.ts";
import { forgetAllManagementTokens } from "../manage-tokens/management-token-cache.ts";
import { reportError } from "../observability/report-error.ts";
import { requireOrganizationAction } from "../organizations/access.ts";
import { requireTwoFactorWhereRequired, TwoFactorRequiredError } from "../organizations/two-factor-policy.ts";
import { requireProjectAction } from "../projects/access.ts";
import { readSessionUser, type SessionUser } from "../session/session-user.ts";
import { byProject } from "./inputs.ts";

export interface Context {
  app: App;
  user: SessionUser | null;
  headers: Headers;
}

export async function createContext(app: App, headers: Headers): Promise<Context> {
  return { app, user: await readSessionUser(app, headers), headers };
}

const trpcCodeOf: Record<AppErrorCode, TRPCError["code"]> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  PAYMENT_REQUIRED: "PAYMENT_REQUIRED",
};

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause.flatten() : null;
    // The pages show "set up two-factor" in place of the organization's screens (errors/two-factor-required.tsx).
    const twoFactorRequiredBy =
      error.cause instanceof TwoFactorRequiredError ? error.cause.organizationName : undefined;
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, data: { ...data, zodError, twoFactorRequiredBy } };
  },
});

/** Turns AppError into its tRPC code and hides unexpected failures behind a generic message. */
const errorMapping = t.middleware(async ({ next, ctx, path }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError) {
    throw new TRPCError({ code: trpcCodeOf[cause.code], message: cause.message, cause });
  }
  if (result.error.code === "INTERNAL_SERVER_ERROR") {
    reportError(result.error.cause ?? result.error, { user: ctx.user, where: `trpc:${path}` });
    throw new TRPCError({
      code: "INTERNAL_SERVER_ERROR",
      message: "An unexpected error occurred. Please try again later.",
    });
  }
  return result;
});

/** Mutations run with their request's client address and user agent at hand, for audit events. */
const auditRequest = t.middleware(({ ctx, type, next }) =>
  type === "mutation" ? withAuditRequest(ctx.headers, () => next()) : next(),
);

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorMapping).use(auditRequest);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const siteAdminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") {
    throw new TRPCError({ code: "FORBIDDEN", message: "Only site administrators can do this." });
  }
  return next();
});

/**
 * `.use(changesAccess)` marks mutations that can take project access away (members removed, roles
 * lowered, projects or organizations deleted): on success the gateway's cached API key principals are
 * dropped on every replica, so a key whose creator lost access stops working at once (and so do
 * management tokens).
 */
export const changesAccess = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) {
    await ctx.app.gateway.invalidateProject("*");
    // Management tokens stop with their creator's owner or admin role (manage-tokens/).
    await forgetAllManagementTokens(ctx.app);
  }
  return result;
});
/** protectedProcedure.use(changesAccess), for such a mutation without an organization or project id. */
export const accessChangingProcedure = protectedProcedure.use(changesAccess);

/**
 * A procedure on one organization, named by `organizationId` in its input (or by `key`): the whole
 * input is validated first (a bad field is a 400 for anyone), then the caller must be a member whose
 * role allows `action` (lib/permissions.ts): NOT_FOUND for a non-member, FORBIDDEN for a role without
 * it; then, if the organization requires two-factor sign-in, the caller must have it (FORBIDDEN).
 * The role is in `ctx.organizationRole`. So each router line shows the permission it needs; domain
 * functions keep their own check for callers outside tRPC (server functions, agents).
 */
export function organizationProcedure<
  Input extends z.ZodType<Record<Key, string>>,
  Key extends string = "organizationId",
>(action: OrganizationAction, input?: Input, key: Key = "organizationId" as Key) {
  const schema = input ?? (z.object({ [key]: idField }) as unknown as Input);
  return protectedProcedure.input(schema).use(async ({ ctx, input, next }) => {
    const organizationId = (input as Record<Key, string>)[key];
    const organizationRole = await requireOrganizationAction(ctx.app.db, ctx.user.id, organizationId, action);
    await requireTwoFactorWhereRequired(ctx.app.db, ctx.user, organizationId);
    return next({ ctx: { organizationRole } });
  });
}

/**
 * A procedure on one project, named by `projectId` in its input: after the input is validated, the
 * caller's effective project role (organization owners and admins act as project admins) must allow
 * `action`, and its organization's two-factor policy holds as above. The project and role are in
 * `ctx.projectAccess`.
 */
export function projectProcedure<Input extends z.ZodType<{ projectId: string }>>(
  action: ProjectAction,
  input?: Input,
) {
  const schema = input ?? (byProject as unknown as Input);
  return protectedProcedure.input(schema).use(async ({ ctx, input, next }) => {
    const projectAccess = await requireProjectAction(ctx.app.db, ctx.user.id, input.projectId, action);
    await requireTwoFactorWhereRequired(ctx.app.db, ctx.user, projectAccess.project.organizationId);
    return next({ ctx: { projectAccess } });
  });
}

/** A service function reading one project or organization (by `id`) as the signed-in user. */
type ReadAs<T> = (app: App, userId: string, id: string) => Promise<T>;

/** A service function that takes the database instead of the app, as a ReadAs. */
export const onDb =
  <T>(read: (db: Database, userId: string, id: string) => Promise<T>): ReadAs<T> =>
  (app, userId, id) =>
    read(app.db, userId, id);

/**
 * A query that only reads, as the caller, the project its input names, once projectProcedure has
 * checked `action`: most of a project's pages read so, and their router lines then say only the
 * permission and the service function.
 */
export const projectQuery = <T>(action: ProjectAction, read: ReadAs<T>) =>
  projectProcedure(action).query(({ ctx, input }) => read(ctx.app, ctx.user.id, input.projectId));

/** projectQuery for the organization its input names, once organizationProcedure has checked `action`. */
export const organizationQuery = <T>(action: OrganizationAction, read: ReadAs<T>) =>
  organizationProcedure(action).query(({ ctx, input }) => read(ctx.app, ctx.user.id, input.organizationId));
