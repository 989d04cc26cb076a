// The shape of most of Portico's own Better Auth plugins: one hook, run before or after one endpoint.
import type { BetterAuthPlugin } from "better-auth";
import type { AuthMiddleware } from "better-auth/api";

/** A plugin whose only work is `handler`, run `when` Better Auth's endpoint at `path` runs. */
export function endpointHookPlugin(
  id: string,
  when: "before" | "after",
  path: string,
  handler: AuthMiddleware,
): BetterAuthPlugin {
  const hooks = [{ matcher: (ctx: { path?: string }) => ctx.path === path, handler }];
  return { id, hooks: when === "before" ? { before: hooks } : { after: hooks } };
}
