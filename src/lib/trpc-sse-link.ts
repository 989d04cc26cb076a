// tRPC subscriptions over server-sent events, read with the browser's EventSource. tRPC's own
// httpSubscriptionLink lives in @trpc/client's main module, which every page's entry bundle holds (for
// createTRPCClient): using it would put its stream reader into the landing page's budget. This link
// speaks the same wire format as tRPC's server (sseStreamProducer in @trpc/server): the input as the
// `input` query parameter, each value as a `data:` line of superjson, then a `return` event when the
// procedure ends, or a `serialized-error` event with the error's shape.
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import type { AnyRouter } from "@trpc/server";
import { observable } from "@trpc/server/observable";
import superjson from "superjson";

export function sseSubscriptionLink<TRouter extends AnyRouter>(url: string): TRPCLink<TRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const input = encodeURIComponent(JSON.stringify(superjson.serialize(op.input)));
        const source = new EventSource(`${url}/${op.path}?input=${input}`);
        source.onmessage = (event: MessageEvent<string>) => {
          observer.next({ result: { type: "data", data: superjson.deserialize(JSON.parse(event.data)) } });
        };
        source.addEventListener("return", () => {
          source.close();
          observer.complete();
        });
        source.addEventListener("serialized-error", (event) => {
          source.close();
          const shape = superjson.deserialize(JSON.parse((event as MessageEvent<string>).data));
          observer.error(
            TRPCClientError.from({ error: shape } as Parameters<typeof TRPCClientError.from>[0]),
          );
        });
        // A dropped connection is retried by EventSource itself (the server starts again from the stored
        // run); only a refusal, which closes the source, ends the subscription.
        source.onerror = () => {
          if (source.readyState !== EventSource.CLOSED) return;
          observer.error(new TRPCClientError("The live view of this run could not connect."));
        };
        return () => source.close();
      });
}
