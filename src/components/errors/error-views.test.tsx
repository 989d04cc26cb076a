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
import { describe, expect, it } from "vitest";
import { DefaultError } from "./default-error.tsx";
import { NOT_FOUND_MESSAGE } from "./error-copy.ts";
import { NotFound } from "./not-found.tsx";

const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "|");

describe("the default not-found view", () => {
  it("says 'Not Found' and the 404 message, with a way home", async () => {
    const rootRoute = createRootRoute();
    const home = createRoute({ getParentRoute: () => rootRoute, path: "/", component: () => null });
    const router = createRouter({
      routeTree: rootRoute.addChildren([home]),
      history: createMemoryHistory({ initialEntries: ["/no-such-page"] }),
      defaultNotFoundComponent: NotFound,
    });
    await router.load();
    const text = textOf(renderToString(<RouterProvider router={router} />));
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
