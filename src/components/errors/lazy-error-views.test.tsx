// The router's lazily loaded default views (lazy-error-views.tsx) without their code: a view that
// cannot be loaded (no connection) still says what went wrong. Loaded, they are the real views
// (error-views.test.tsx).
import { prerender } from "react-dom/static";
import { expect, it } from "vitest";
import { CONNECTION_MESSAGE } from "./connection-message.ts";
import { lazyView } from "./lazy-error-views.tsx";

it("says the connection is gone when the view's code cannot be loaded", async () => {
  const Unloadable = lazyView<object>(() => Promise.reject(new TypeError("Failed to fetch")));
  const { prelude } = await prerender(<Unloadable />);
  const text = (await new Response(prelude).text()).replace(/<[^>]+>/g, "|");
  expect(text).toContain("|Error|");
  expect(text).toContain(`|${CONNECTION_MESSAGE}|`);
});
