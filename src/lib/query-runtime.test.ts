// The holder that keeps TanStack Query and tRPC off static pages (issue 46): nothing is provided,
// dehydrated or hydrated until a page loads the runtime, and the router context's stand-ins reach it.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { type LoadedQueryRuntime, QueryRuntimeHolder } from "./query-runtime.tsx";
import type { TRPC, TRPCClient } from "./trpc.ts";

function fakeRuntime(): LoadedQueryRuntime {
  return {
    queryClient: new QueryClient({ defaultOptions: { queries: { staleTime: 123 } } }),
    trpc: { project: { list: { queryKey: () => ["project", "list"] } } } as unknown as TRPC,
    client: {} as TRPCClient,
    dehydrate: vi.fn(() => ({ query: { initial: [] } })),
    hydrate: vi.fn(async () => {}),
  };
}

describe("QueryRuntimeHolder", () => {
  it("provides nothing until a page loads it, and the context's stand-ins say why", () => {
    const create = vi.fn(async () => fakeRuntime());
    const holder = new QueryRuntimeHolder(create);
    const { queryClient, trpc } = holder.contextForwarders();
    expect(holder.current()).toBeUndefined();
    expect(() => queryClient.getQueryData(["x"])).toThrow(/queryRuntime: false/);
    expect(() => trpc.project).toThrow(/not loaded/);
    // Probes such as `await` find nothing instead of throwing.
    expect((queryClient as unknown as { then?: unknown }).then).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
  });

  it("loads once, notifies the provider, and the stand-ins then reach the runtime", async () => {
    const runtime = fakeRuntime();
    const create = vi.fn(async () => runtime);
    const holder = new QueryRuntimeHolder(create);
    const listener = vi.fn();
    holder.subscribe(listener);
    const [first, second] = await Promise.all([holder.load(), holder.load()]);
    expect(first).toBe(runtime);
    expect(second).toBe(runtime);
    expect(create).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(holder.current()).toBe(runtime);
    const { queryClient, trpc } = holder.contextForwarders();
    // Methods are bound to the real client: they read its private state.
    expect(queryClient.getDefaultOptions().queries?.staleTime).toBe(123);
    queryClient.setQueryData(["k"], 1);
    expect(runtime.queryClient.getQueryData(["k"])).toBe(1);
    expect(trpc.project).toBe((runtime.trpc as unknown as { project: unknown }).project);
  });

  it("tries again after a failed load (a chunk that did not arrive)", async () => {
    const create = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(fakeRuntime());
    const holder = new QueryRuntimeHolder(create);
    await expect(holder.load()).rejects.toThrow("offline");
    await expect(holder.load()).resolves.toBeDefined();
  });

  it("dehydrates the query cache only when the page used the runtime (server)", async () => {
    const runtime = fakeRuntime();
    const holder = new QueryRuntimeHolder(async () => runtime);
    holder.preset(runtime);
    expect(holder.current()).toBeUndefined();
    expect(holder.dehydrate()).toBeUndefined();
    expect(runtime.dehydrate).not.toHaveBeenCalled();
    await holder.load();
    expect(holder.dehydrate()).toEqual({ query: { initial: [] } });
  });

  it("hydrates: loads the runtime only when the server sent query data (browser)", async () => {
    const runtime = fakeRuntime();
    const create = vi.fn(async () => runtime);
    const holder = new QueryRuntimeHolder(create);
    await holder.hydrate({});
    expect(create).not.toHaveBeenCalled();
    const dehydrated = { query: { initial: [] } };
    await holder.hydrate(dehydrated);
    expect(create).toHaveBeenCalledTimes(1);
    expect(runtime.hydrate).toHaveBeenCalledWith(dehydrated);
    expect(holder.current()).toBe(runtime);
  });

  it("a query the server sent still pending may fail before the runtime loads: no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      const runtime = fakeRuntime();
      let finishLoading!: () => void;
      const loaded = new Promise<void>((resolve) => {
        finishLoading = resolve;
      });
      const holder = new QueryRuntimeHolder(() => loaded.then(() => runtime));
      const refusal = Promise.reject(new Error("Harbour Ltd requires two-factor authentication"));
      const hydrating = holder.hydrate({ query: { initial: [{ promise: refusal }] } });
      // The rejection settles while the runtime's chunk is still on its way.
      await new Promise((resolve) => setTimeout(resolve, 20));
      finishLoading();
      await hydrating;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      // The query library still gets the outcome.
      await expect(refusal).rejects.toThrow("two-factor");
    } finally {
      process.off("unhandledRejection", record);
    }
  });
});
