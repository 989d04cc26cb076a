// The browser's tRPC transport: batched HTTP to /api/trpc with superjson, and subscriptions (a run
// page watching its run) as server-sent events on the same endpoint (trpc-sse-link.ts). Loaded on the
// first call (see lazyLink in trpc.ts), so pages that make no call — the landing page — never download it.
import { httpBatchLink, splitLink, type TRPCLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "~/server/trpc/root.ts";
import { sseSubscriptionLink } from "./trpc-sse-link.ts";

export const httpLink = (): TRPCLink<AppRouter> =>
  splitLink({
    condition: (op) => op.type === "subscription",
    true: sseSubscriptionLink("/api/trpc"),
    false: httpBatchLink({ url: "/api/trpc", transformer: superjson, maxURLLength: 2000 }),
  });
