// The router's error and not-found views, loaded when a page needs one (router.tsx): no visit to a
// working page does, and they were ~3 KB of every first load's gzipped JavaScript. An error comes
// with a navigation, so the first navigation fetches them; a page that cannot load them (the
// connection is gone) still says what went wrong, in plain markup: this file is in every first load.
import { type LazyExoticComponent, lazy, type ReactNode } from "react";
import { CONNECTION_MESSAGE } from "./connection-message.ts";

type View<Props> = (props: Props) => ReactNode;

export function ErrorViewsUnavailable() {
  return (
    <main className="mx-auto max-w-md p-6 text-center">
      <h1 className="text-3xl font-semibold">Error</h1>
      <p className="mt-4 text-muted-foreground">{CONNECTION_MESSAGE}</p>
    </main>
  );
}

/** A view whose code loads on its first render, or the plain fallback when it cannot be loaded. */
export function lazyView<Props>(load: () => Promise<View<Props>>): LazyExoticComponent<View<Props>> {
  return lazy(() =>
    load().then(
      (view) => ({ default: view }),
      () => ({ default: ErrorViewsUnavailable as View<Props> }),
    ),
  );
}

export const loadRouteError = () => import("./route-error.tsx").then((module) => module.RouteError);
export const loadNotFound = () => import("./not-found.tsx").then((module) => module.NotFound);
export const LazyRouteError = lazyView(loadRouteError);
export const LazyNotFound = lazyView(loadNotFound);

/** Fetches both views' code now, so that an error later (even without a connection) has them. */
export function preloadErrorViews(): void {
  void loadRouteError().catch(() => undefined);
  void loadNotFound().catch(() => undefined);
}
