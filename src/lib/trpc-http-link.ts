// The browser's tRPC transport: batched HTTP to /api/trpc with superjson. Loaded on the first call
// (see lazyLink in trpc.ts), so pages that make no call — the landing page — never download it.
import { httpBatchLink, type TRPCLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "~/server/trpc/root.ts";

export const httpLink = (): TRPCLink<AppRouter> =>
  httpBatchLink({ url: "/api/trpc", transformer: superjson, maxURLLength: 2000 });
