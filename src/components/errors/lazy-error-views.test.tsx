// The router's lazily loaded default views (lazy-error-views.tsx): once loaded they are the real
// not-found view, and a view whose code cannot be loaded (no connection) still says what went wrong.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { CONNECTION_MESSAGE } from "./connection-message.ts";
import { NOT_FOUND_MESSAGE } from "./error-copy.ts";
import { LazyNotFound, lazyView } from "./lazy-error-views.tsx";

/** The page's text once every lazy part has loaded, as SSR streams it. */
async function renderedText(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element);
  const html = await new Response(prelude).text();
  return html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "|");
}

describe("the lazy error views", () => {
  it("render the not-found view once its code has loaded", async () => {
    const rootRoute = createRootRoute();
    const home = createRoute({ getParentRoute: () => rootRoute, path: "/", component: () => null });
    const router = createRouter({
      routeTree: rootRoute.addChildren([home]),
      history: createMemoryHistory({ initialEntries: ["/no-such-page"] }),
      defaultNotFoundComponent: LazyNotFound,
    });
    await router.load();
    const text = await renderedText(<RouterProvider router={router} />);
    expect(text).toContain("|Not Found|");
    expect(text).toContain(`|${NOT_FOUND_MESSAGE}|`);
  });

  it("say the connection is gone when the view's code cannot be loaded", async () => {
    const Unloadable = lazyView<object>(() => Promise.reject(new TypeError("Failed to fetch")));
    const text = await renderedText(<Unloadable />);
    expect(text).toContain("|Error|");
    expect(text).toContain(`|${CONNECTION_MESSAGE}|`);
  });
});
