// A tRPC link that loads the real one on first use. Operations issued while it loads wait for it, and
// all operations of one tick still reach the real link in the same tick, so batching is unchanged.
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import type { AnyRouter } from "@trpc/server";
import { observable } from "@trpc/server/observable";

export function lazyLink<TRouter extends AnyRouter>(
  load: () => Promise<TRPCLink<TRouter>>,
): TRPCLink<TRouter> {
  return (runtime) => {
    let operationLink: Promise<ReturnType<TRPCLink<TRouter>>> | null = null;
    return ({ op, next }) =>
      observable((observer) => {
        let unsubscribe: (() => void) | null = null;
        let done = false;
        operationLink ??= load().then((link) => link(runtime));
        operationLink.then(
          (link) => {
            if (done) return;
            unsubscribe = link({ op, next }).subscribe(observer).unsubscribe;
          },
          (error: unknown) => {
            operationLink = null;
            observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error))));
          },
        );
        return () => {
          done = true;
          unsubscribe?.();
        };
      });
  };
}
