// TanStack Query's client, tRPC's client and options proxy, and the SSR query integration for one
// router: loaded by the first page that uses them (query-runtime.tsx), never by the landing page.
import { QueryClient } from "@tanstack/react-query";
import type { AnyRouter } from "@tanstack/react-router";
import { setupRouterSsrQueryIntegration } from "@tanstack/react-router-ssr-query";
import { queryRetryDelay, shouldRetryQuery } from "./query-retry.ts";
import type { LoadedQueryRuntime } from "./query-runtime.tsx";
import { createTRPC } from "./trpc.ts";

/** Called once per SSR request and once in the browser, so no cache is shared between visitors. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A refusal shows at once; a network failure or 5xx is retried once, quickly (src/lib/query-retry.ts).
      queries: { staleTime: 30_000, retry: shouldRetryQuery, retryDelay: queryRetryDelay },
      // Mutations are not idempotent: never retried (React Query's default too, stated here on purpose).
      mutations: { retry: false },
    },
  });
}

export function createQueryRuntime(router: AnyRouter): LoadedQueryRuntime {
  const queryClient = createQueryClient();
  const { client, trpc } = createTRPC(queryClient);
  // The integration installs its dehydrate (server) and hydrate (browser) hooks on the router's
  // options. They are taken from there and the router's own put back: the holder calls them only
  // when the page used the runtime. Its redirect handling on the query caches stays as installed.
  const own = { dehydrate: router.options.dehydrate, hydrate: router.options.hydrate };
  router.options.dehydrate = undefined;
  router.options.hydrate = undefined;
  setupRouterSsrQueryIntegration({ router, queryClient, wrapQueryClient: false });
  const { dehydrate, hydrate } = router.options;
  Object.assign(router.options, own);
  return { queryClient, client, trpc, dehydrate, hydrate };
}
