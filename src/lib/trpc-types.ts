// The typed tRPC handles pages use, apart from trpc.ts (which builds them) so that query-runtime.tsx,
// which holds them for the page, and trpc.ts, which re-exports its hooks, do not import each other.
import type { TRPCClient as Client } from "@trpc/client";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "~/server/trpc/root.ts";

export type TRPC = TRPCOptionsProxy<AppRouter>;
export type TRPCClient = Client<AppRouter>;
