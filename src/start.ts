// TanStack Start instance options. A route that fails to load during SSR sends its error to the browser,
// and by default only the message survives the trip: the tRPC code and HTTP status are lost, so the
// hydrated error page would switch from "404 / could not be found" to the generic copy.
//
// The error is recognised and rebuilt by its shape, not as @trpc/client's class: this file is in every
// page's entry chunk, and importing the class brought the client's whole index with it (~5 KB gzipped
// of the landing page's budget). Everything that reads a route's error does so structurally
// (components/errors/error-copy.ts, query-error-copy.ts, lib/query-retry.ts).
import { createSerializationAdapter } from "@tanstack/react-router";
import { createStart } from "@tanstack/react-start";
import type { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "~/server/trpc/root.ts";

type ErrorData = TRPCClientError<AppRouter>["data"];

/** A tRPC client error as it arrives in the browser: its name, message and data, as the class has them. */
class SerializedTRPCClientError extends Error {
  readonly data: ErrorData | undefined;
  /** The JSON-RPC number is not kept; pages read data.code and data.httpStatus. */
  readonly shape: { message: string; code: number; data: ErrorData } | undefined;

  constructor(message: string, data: ErrorData | null) {
    super(message);
    this.name = "TRPCClientError";
    this.data = data ?? undefined;
    this.shape = data ? { message, code: -32603, data } : undefined;
  }
}

/** The class's instances on the server and the rebuilt ones alike: both carry the same fields. */
const isTRPCClientError = (value: unknown): value is SerializedTRPCClientError =>
  value instanceof Error && value.name === "TRPCClientError";

const trpcClientErrorAdapter = createSerializationAdapter({
  key: "portico-trpc-client-error",
  test: isTRPCClientError,
  toSerializable: (error) => ({ message: error.message, data: error.data ?? null }),
  fromSerializable: ({ message, data }: { message: string; data: ErrorData | null }) =>
    new SerializedTRPCClientError(message, data),
});

export const startInstance = createStart(() => ({ serializationAdapters: [trpcClientErrorAdapter] }));
