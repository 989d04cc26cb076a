// TanStack Query and the tRPC client reach the browser only on pages that use them (issue 46): the
// landing page and the other static pages (`staticData: { queryRuntime: false }`) never download
// query-core, the tRPC client and the SSR query integration, about 19 KB gzipped of the entry chunk.
// This module is what the entry keeps: one holder per router, the React context, and stand-ins for
// `context.queryClient`/`context.trpc`. The runtime itself is built by create-query-runtime.ts.
import { type QueryClient, QueryClientContext } from "@tanstack/react-query";
import type { AnyRouteMatch } from "@tanstack/react-router";
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from "react";
import type { TRPC, TRPCClient } from "./trpc-types.ts";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** false: the page uses neither TanStack Query nor tRPC, so its first load leaves them out. */
    queryRuntime?: false;
  }
}

export interface QueryRuntime {
  queryClient: QueryClient;
  trpc: TRPC;
  client: TRPCClient;
}

/** The runtime and the SSR query integration's router hooks, which the holder calls only when used. */
export interface LoadedQueryRuntime extends QueryRuntime {
  dehydrate?: () => unknown;
  hydrate?: (dehydrated: never) => unknown;
}

/** What the SSR query integration sends: the queries known when the page rendered (and a stream). */
export interface DehydratedQueries {
  initial?: { promise?: Promise<unknown> }[];
}

const NOT_LOADED =
  "TanStack Query and tRPC are not loaded on this page: its route says `staticData: { queryRuntime: false }`";

/**
 * The matches a beforeLoad receives. The root route passes its options object cast to this: reading
 * `matches` from them with the router's own types makes the root route's type depend on itself.
 */
export interface PageMatches {
  matches: readonly Pick<AnyRouteMatch, "staticData">[];
}

/** A page needs the runtime unless its own (deepest) route is marked static. */
export function pageUsesQueryRuntime({ matches }: PageMatches): boolean {
  return matches.at(-1)?.staticData?.queryRuntime !== false;
}

export class QueryRuntimeHolder {
  #runtime: LoadedQueryRuntime | undefined;
  #loading: Promise<QueryRuntime> | undefined;
  #used = false;
  readonly #listeners = new Set<() => void>();
  readonly #create: () => Promise<LoadedQueryRuntime>;

  constructor(create: () => Promise<LoadedQueryRuntime>) {
    this.#create = create;
  }

  /** The server builds the runtime with the router (see router.tsx); a page still has to load() it. */
  preset(runtime: LoadedQueryRuntime | undefined) {
    this.#runtime = runtime;
  }

  /** Loads (in the browser) and marks the runtime used: from now on it is provided and dehydrated. */
  load(): Promise<QueryRuntime> {
    this.#loading ??= (this.#runtime ? Promise.resolve(this.#runtime) : this.#create()).then(
      (runtime) => {
        this.#runtime = runtime;
        this.#used = true;
        for (const listener of this.#listeners) listener();
        return runtime;
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }

  readonly current = (): QueryRuntime | undefined => (this.#used ? this.#runtime : undefined);

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  require(): QueryRuntime {
    const runtime = this.current();
    if (!runtime) throw new Error(NOT_LOADED);
    return runtime;
  }

  /** Server: the query cache goes to the browser only when the page used it. */
  dehydrate(): unknown {
    return this.#used ? this.#runtime?.dehydrate?.() : undefined;
  }

  /** Browser: a page whose server render used the runtime gets it, with the cache, before hydrating. */
  async hydrate(dehydrated: { query?: DehydratedQueries } | undefined) {
    if (!dehydrated?.query) return;
    // A query still pending on the server arrives as a promise, which may reject (a refusal the page
    // shows) before the runtime has loaded and hydrated it: marked handled now, or the browser reports
    // an unhandled rejection. TanStack Query still receives the outcome when it hydrates the promise.
    for (const query of dehydrated.query.initial ?? []) query.promise?.catch(() => undefined);
    await this.load();
    await this.#runtime?.hydrate?.(dehydrated as never);
  }

  /**
   * Stand-ins for the router context, so loaders keep `context.queryClient` and `context.trpc`: the
   * context is copied before the root route's beforeLoad loads the runtime, so it cannot hold the
   * runtime itself. Each property read goes to the runtime the page loaded.
   */
  contextForwarders(): { queryClient: QueryClient; trpc: TRPC } {
    const read = (pick: (runtime: QueryRuntime) => object, key: string | symbol, bind: boolean) => {
      // Probes (await, inspection) on a page without the runtime find nothing rather than throwing.
      if (!this.current() && (key === "then" || typeof key === "symbol")) return undefined;
      const target = pick(this.require());
      const value: unknown = Reflect.get(target, key, target);
      return bind && typeof value === "function" ? value.bind(target) : value;
    };
    return {
      queryClient: new Proxy({} as QueryClient, {
        get: (_, key) => read((runtime) => runtime.queryClient, key, true),
      }),
      // tRPC's proxy is itself a tree of proxies over functions: handed on as is, never bound.
      trpc: new Proxy({} as TRPC, { get: (_, key) => read((runtime) => runtime.trpc, key, false) }),
    };
  }
}

const RuntimeContext = createContext<QueryRuntime | undefined>(undefined);

/**
 * Around the whole app (the router's Wrap), with the same elements whether or not the runtime is
 * loaded: it arrives later on a page reached from a static one, and the document must not remount.
 */
export function QueryRuntimeProvider({
  holder,
  children,
}: {
  holder: QueryRuntimeHolder;
  children: ReactNode;
}) {
  const runtime = useSyncExternalStore(holder.subscribe, holder.current, holder.current);
  // What QueryClientProvider does: refetch on window focus and on reconnect.
  useEffect(() => {
    if (!runtime) return;
    runtime.queryClient.mount();
    return () => runtime.queryClient.unmount();
  }, [runtime]);
  return (
    <QueryClientContext.Provider value={runtime?.queryClient}>
      <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
    </QueryClientContext.Provider>
  );
}

function useQueryRuntime(): QueryRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error(NOT_LOADED);
  return runtime;
}

/** The tRPC options proxy: `useQuery(trpc.organization.getOrganizationsDetails.queryOptions())`. */
export const useTRPC = (): TRPC => useQueryRuntime().trpc;

/** The tRPC client itself, for subscriptions and imperative calls. */
export const useTRPCClient = (): TRPCClient => useQueryRuntime().client;
