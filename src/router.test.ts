// The router as requirements §2 and §9 describe it: every listed route exists, links preload on intent,
// scroll is restored, trailing slashes go, unknown paths get the not-found view, query data is fresh
// for 30 seconds and an integration's detail never is.
import { describe, expect, it } from "vitest";
import { LazyNotFound, LazyRouteError } from "./components/errors/lazy-error-views.tsx";
import { pageUsesQueryRuntime } from "./lib/query-runtime.tsx";
import { getRouter } from "./router.tsx";

const router = await getRouter();

describe("router (requirements §2)", () => {
  it("has every route of requirements §2", () => {
    const routes = [
      // Public
      "/",
      "/use-cases",
      "/tos",
      "/support",
      "/privacy-policy",
      "/our-story",
      "/contact",
      "/pricing",
      "/docs",
      "/newsroom",
      "/newsroom/$articleId",
      "/integrations",
      "/integrations/$id",
      // Authentication
      "/sign-in",
      "/sign-up",
      "/oauth/consent",
      "/oauth/success",
      "/invitations/$invitationId",
      // Signed-in area
      "/app",
      "/app/dashboard",
      "/app/marketplace",
      "/app/organization/$organizationId",
      "/app/organization/$organizationId/settings",
      "/app/organization/$organizationId/members",
      "/app/organization/$organizationId/integrations",
      "/app/organization/$organizationId/billing",
      "/app/project/$projectId",
      "/app/project/$projectId/settings",
      "/app/project/$projectId/api-keys",
      "/app/project/$projectId/servers",
      "/app/project/$projectId/agents",
      "/app/project/$projectId/agents/$agentId",
      "/app/project/$projectId/platform-docs/$platform",
      // Admin area
      "/app/admin",
      "/app/admin/users",
      "/app/admin/credentials",
      "/app/admin/billing",
      "/app/admin/auth-sessions",
    ];
    const known = new Set(Object.keys(router.routesByPath).map((path) => path.replace(/(.)\/$/, "$1")));
    expect(routes.filter((path) => !known.has(path))).toEqual([]);
  });

  it("preloads on intent, restores scroll, drops trailing slashes, and has the default views", () => {
    expect(router.options.defaultPreload).toBe("intent");
    expect(router.options.scrollRestoration).toBe(true);
    expect(router.options.trailingSlash).toBe("never");
    expect(router.options.defaultNotFoundComponent).toBe(LazyNotFound);
    expect(router.options.defaultErrorComponent).toBe(LazyRouteError);
  });
});

describe("the query runtime (issue 46)", () => {
  const uses = (path: string) => pageUsesQueryRuntime({ matches: router.matchRoutes(path, {}) });

  it("is left out of the landing page and the other static pages, whose first load skips it", () => {
    for (const path of ["/", "/our-story", "/tos", "/docs", "/newsroom", "/no-such-page"]) {
      expect(uses(path), path).toBe(false);
    }
  });

  it("is loaded for every page whose loaders or components query", () => {
    for (const path of [
      "/pricing",
      "/integrations",
      "/contact",
      "/sign-in",
      "/oauth/consent",
      "/app/dashboard",
    ]) {
      expect(uses(path), path).toBe(true);
    }
  });
});

describe("query freshness (requirements §9)", () => {
  it("keeps query data fresh for 30 seconds", async () => {
    const { queryClient } = await (await getRouter()).options.context.query.load();
    expect(queryClient.getDefaultOptions().queries?.staleTime).toBe(30_000);
  });

  it("never treats an integration's detail as fresh", async () => {
    const route = router.routesById["/_site/integrations/$id"];
    let staleTime: unknown;
    const context = {
      trpc: {
        integrations: {
          catalogue: {
            getById: {
              queryOptions: (input: unknown, options: object) => ({ queryKey: [input], ...options }),
            },
          },
        },
      },
      queryClient: {
        ensureQueryData: async (options: { staleTime?: unknown }) => {
          staleTime = options.staleTime;
          return { entry: { id: "gmail" } };
        },
      },
    };
    const loader = route.options.loader as unknown as (match: object) => Promise<unknown>;
    await loader({ context, params: { id: "gmail" } });
    expect(staleTime).toBe(0);
  });
});
