// TanStack Start instance options. A route that fails to load during SSR sends its error to the browser,
// and by default only the message survives the trip: the tRPC code and HTTP status are lost, so the
// hydrated error page would switch from "404 / could not be found" to the generic copy.
import { createSerializationAdapter } from "@tanstack/react-router";
import { createStart } from "@tanstack/react-start";
import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "~/server/trpc/root.ts";

type ErrorData = TRPCClientError<AppRouter>["data"];

const trpcClientErrorAdapter = createSerializationAdapter({
  key: "portico-trpc-client-error",
  test: (value): value is TRPCClientError<AppRouter> => value instanceof TRPCClientError,
  toSerializable: (error) => ({ message: error.message, data: error.data ?? null }),
  fromSerializable: ({ message, data }: { message: string; data: ErrorData | null }) =>
    // The JSON-RPC number is not kept; pages read data.code and data.httpStatus.
    data
      ? new TRPCClientError<AppRouter>(message, { result: { error: { message, code: -32603, data } } })
      : new TRPCClientError<AppRouter>(message),
});

export const startInstance = createStart(() => ({ serializationAdapters: [trpcClientErrorAdapter] }));
