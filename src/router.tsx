import { type AnyRouter, createRouter } from "@tanstack/react-router";
import { createIsomorphicFn } from "@tanstack/react-start";
import { LazyNotFound, LazyRouteError, preloadErrorViews } from "./components/errors/lazy-error-views.tsx";
import { reportClientError } from "./components/errors/report.ts";
import { PagePending } from "./components/ui/page-pending.tsx";
import {
  type DehydratedQueries,
  type LoadedQueryRuntime,
  QueryRuntimeHolder,
  QueryRuntimeProvider,
} from "./lib/query-runtime.tsx";
import { parseSearch, stringifySearch } from "./lib/search-params.ts";
// biome-ignore lint/suspicious/noImportCycles: the generated tree's footer names getRouter's type for Start's Register (TanStack Start always writes it); a type, so nothing loads in a circle.
import { routeTree } from "./routeTree.gen";
import { type ClientConfig, getClientConfig } from "./server/session/get-client-config.ts";

// The server builds the query runtime with the router, so the SSR query integration registers its
// per-request cleanup before Start attaches its SSR utilities; the browser loads it when a page
// needs it (lib/query-runtime.tsx). The compiler keeps only the matching branch per bundle.
// (Start accepts a promise from getRouter.) A static import here would put the runtime in the entry.
const queryRuntimeOnServer = createIsomorphicFn()
  .server(
    (router: AnyRouter): Promise<LoadedQueryRuntime | undefined> =>
      import("./lib/create-query-runtime.ts").then((module) => module.createQueryRuntime(router)),
  )
  .client(async (): Promise<LoadedQueryRuntime | undefined> => undefined);

/** Called once per SSR request and once in the browser, so no cache is shared between visitors. */
export async function getRouter() {
  const query: QueryRuntimeHolder = new QueryRuntimeHolder(
    (): Promise<LoadedQueryRuntime> =>
      import("./lib/create-query-runtime.ts").then((module) => module.createQueryRuntime(router)),
  );
  // The runtime settings, fetched once per router: the browser gets the server's copy with the page.
  let clientConfig: Promise<ClientConfig> | undefined;
  const loadClientConfig = () =>
    (clientConfig ??= getClientConfig().catch((error: unknown) => {
      clientConfig = undefined;
      throw error;
    }));

  const router = createRouter({
    routeTree,
    context: { ...query.contextForwarders(), query, loadClientConfig },
    scrollRestoration: true,
    defaultPreload: "intent",
    // Route loaders fill the query cache; the query's own staleTime decides when to refetch.
    defaultPreloadStaleTime: 0,
    trailingSlash: "never",
    parseSearch,
    stringifySearch,
    // Loaded when a page needs them (lazy-error-views.tsx).
    defaultErrorComponent: LazyRouteError,
    defaultNotFoundComponent: LazyNotFound,
    // Gives every page its own Suspense boundary: while a page loads, the shell around it stays.
    defaultPendingComponent: PagePending,
    defaultOnCatch: (error) => reportClientError(error),
    dehydrate: async () => ({
      ...((await query.dehydrate()) as object | undefined),
      clientConfig: await clientConfig,
    }),
    hydrate: async (dehydrated: { query?: DehydratedQueries; clientConfig?: ClientConfig }) => {
      if (dehydrated.clientConfig) clientConfig = Promise.resolve(dehydrated.clientConfig);
      await query.hydrate(dehydrated);
    },
    // biome-ignore lint/correctness/noComponentHookFactories: one router per request/page; the closure holds its holder
    Wrap: ({ children }) => <QueryRuntimeProvider holder={query}>{children}</QueryRuntimeProvider>,
  });
  query.preset(await queryRuntimeOnServer(router));
  const stopWatching = router.subscribe("onBeforeNavigate", (event) => {
    if (!event.fromLocation) return; // the page's own first load
    stopWatching();
    preloadErrorViews();
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: Awaited<ReturnType<typeof getRouter>>;
  }
}
