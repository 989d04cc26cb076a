// Waiting helpers shared by browser specs: steps wait for what a person would wait for (an element to
// show up, React to take over the server-rendered page, a toast), with one generous timeout.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

export const STEP_TIMEOUT = 15_000;

/** Waits until `locator` is visible; fails with its description after STEP_TIMEOUT. */
export const visible = (locator: Locator) => locator.waitFor({ state: "visible", timeout: STEP_TIMEOUT });

/** expect.poll with the step timeout (vitest's default is one second). */
export const poll = <T>(read: () => Promise<T> | T) =>
  expect.poll(read, { timeout: STEP_TIMEOUT, interval: 100 });

/** React has hydrated an element once it carries React's props (its event handlers). */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));

/**
 * Waits until `locator` is visible and hydrated, so that typing and clicking reach React rather than
 * the server-rendered HTML (input typed before hydration is lost; a click does nothing or submits natively).
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await visible(locator);
  await poll(() => locator.evaluate(isHydrated)).toBe(true);
  return locator;
}

/** The toast region sonner renders (a labelled <section>, so role "region"). */
export const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** Waits for a toast with `text`. */
export const toastWith = (page: Page, text: string | RegExp) => visible(toasts(page).getByText(text).first());

export async function waitForPath(page: Page, pattern: RegExp): Promise<URL> {
  await page.waitForURL((url) => pattern.test(url.pathname), { timeout: STEP_TIMEOUT });
  return new URL(page.url());
}
