import { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { setupRouterSsrQueryIntegration } from "@tanstack/react-router-ssr-query";
import { NotFound } from "./components/errors/not-found.tsx";
import { reportClientError } from "./components/errors/report.ts";
import { RouteError } from "./components/errors/route-error.tsx";
import { PagePending } from "./components/ui/page-pending.tsx";
import { queryRetryDelay, shouldRetryQuery } from "./lib/query-retry.ts";
import { parseSearch, stringifySearch } from "./lib/search-params.ts";
import { createTRPC, TRPCProvider } from "./lib/trpc.ts";
import { routeTree } from "./routeTree.gen";

/** Called once per SSR request and once in the browser, so no cache is shared between visitors. */
export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      // A refusal shows at once; a network failure or 5xx is retried once, quickly (src/lib/query-retry.ts).
      queries: { staleTime: 30_000, retry: shouldRetryQuery, retryDelay: queryRetryDelay },
      // Mutations are not idempotent: never retried (React Query's default too, stated here on purpose).
      mutations: { retry: false },
    },
  });
  const { client, trpc } = createTRPC(queryClient);

  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    scrollRestoration: true,
    defaultPreload: "intent",
    // Route loaders fill the query cache; the query's own staleTime decides when to refetch.
    defaultPreloadStaleTime: 0,
    trailingSlash: "never",
    parseSearch,
    stringifySearch,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    // Gives every page its own Suspense boundary: while a page loads, the shell around it stays.
    defaultPendingComponent: PagePending,
    defaultOnCatch: (error) => reportClientError(error),
    // biome-ignore lint/correctness/noComponentHookFactories: one router per request/page; the closure holds its clients
    Wrap: ({ children }) => (
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    ),
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
}
