// tRPC context and procedure builders. The context carries the services and the signed-in user, read
// from the session cookie on every request; procedures never trust ids without checking membership.
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import { AppError, type AppErrorCode } from "../../lib/errors.ts";
import type { App } from "../app.ts";
import { reportError } from "../observability/report-error.ts";
import { readSessionUser, type SessionUser } from "../session/session-user.ts";

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
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, data: { ...data, zodError } };
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

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorMapping);

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
 * For mutations that can take project access away (members removed, roles lowered, projects or
 * organizations deleted): the gateway's cached API key principals are dropped on every replica, so a
 * key whose creator lost access stops working at once.
 */
export const accessChangingProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) await ctx.app.gateway.invalidateProject("*");
  return result;
});
