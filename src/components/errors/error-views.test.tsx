// The texts of requirements §2's default views, rendered the way SSR renders them: the not-found view
// ('Not Found', with the 404 message of requirements §8) and the generic error view ('Something went
// wrong!' with its Show Error toggle, the error's text hidden until asked for).
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { DefaultError } from "./default-error.tsx";
import { NOT_FOUND_MESSAGE } from "./error-copy.ts";
import { LazyNotFound } from "./lazy-error-views.tsx";
import { NotFound } from "./not-found.tsx";

const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "|");

describe("the default not-found view", () => {
  // The router gets the view lazily (lazy-error-views.tsx): both forms render the same page.
  it.each([
    ["the view", NotFound],
    ["the router's lazily loaded view", LazyNotFound],
  ])("%s says 'Not Found' and the 404 message, with a way home", async (_, view) => {
    const rootRoute = createRootRoute();
    const home = createRoute({ getParentRoute: () => rootRoute, path: "/", component: () => null });
    const router = createRouter({
      routeTree: rootRoute.addChildren([home]),
      history: createMemoryHistory({ initialEntries: ["/no-such-page"] }),
      defaultNotFoundComponent: view,
    });
    await router.load();
    // prerender waits for lazily loaded parts, as SSR's stream does.
    const { prelude } = await prerender(<RouterProvider router={router} />);
    const text = textOf(await new Response(prelude).text());
    expect(text).toContain("|404|");
    expect(text).toContain("|Not Found|");
    expect(text).toContain(`|${NOT_FOUND_MESSAGE}|`);
    expect(text).toContain("|Go Home|");
  });
});

describe("the generic error view", () => {
  it("says 'Something went wrong!' and keeps the error behind 'Show Error'", async () => {
    // In the error pages' design, which needs the router (Go Back, Go Home).
    const rootRoute = createRootRoute({
      component: () => <DefaultError error={new Error("disk on fire")} />,
    });
    const router = createRouter({
      routeTree: rootRoute,
      history: createMemoryHistory({ initialEntries: ["/"] }),
    });
    await router.load();
    const html = renderToString(<RouterProvider router={router} />);
    const text = textOf(html);
    expect(text).toContain("|Something went wrong!|");
    expect(text).toContain("|Show Error|");
    expect(html).toContain('aria-expanded="false"');
    expect(text).not.toContain("disk on fire");
    expect(text).not.toContain("Hide Error");
    expect(text).toContain("|Go Home|");
  });
});
