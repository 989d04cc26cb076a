// tRPC on the client side of the app. Pages use `useTRPC()` (or `context.trpc` in loaders) to build
// TanStack Query options: `useQuery(trpc.organization.getOrganizationsDetails.queryOptions())`. Only
// pages that use it load this module (query-runtime.tsx): the landing page does not.
// During SSR the calls run in-process against the router with the incoming request's headers (no HTTP
// round trip to ourselves); in the browser they go to the /api/trpc batch endpoint.

import type { QueryClient } from "@tanstack/react-query";
import { createIsomorphicFn } from "@tanstack/react-start";
import { getRequestHeaders } from "@tanstack/react-start/server";
import { createTRPCClient, type TRPCLink, unstable_localLink } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import { getApp } from "~/server/app.ts";
import { createContext } from "~/server/trpc/init.ts";
import { type AppRouter, appRouter } from "~/server/trpc/root.ts";
import { lazyLink } from "./lazy-link.ts";

export type { AppRouter };
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export { useTRPC, useTRPCClient } from "./query-runtime.tsx";
export type { TRPC, TRPCClient } from "./trpc-types.ts";

/** The compiler keeps only the matching branch per bundle, so server modules never reach the browser. */
const terminatingLink = createIsomorphicFn()
  .server(
    (): TRPCLink<AppRouter> =>
      unstable_localLink({
        router: appRouter,
        transformer: superjson,
        createContext: async () => createContext(await getApp(), new Headers(getRequestHeaders())),
      }),
  )
  // Loaded on the first call: the HTTP link and superjson are not part of a page's first load.
  .client(
    (): TRPCLink<AppRouter> =>
      lazyLink(() => import("./trpc-http-link.ts").then((module) => module.httpLink())),
  );

export function createTRPC(queryClient: QueryClient) {
  const client = createTRPCClient<AppRouter>({ links: [terminatingLink()] });
  return { client, trpc: createTRPCOptionsProxy<AppRouter>({ client, queryClient }) };
}
