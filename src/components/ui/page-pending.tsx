// What a page shows while its data is still on the way after a client-side navigation. Without a
// pending component the router put no Suspense boundary around a page, so a page whose queries suspend
// (those without a loader) blanked the whole window, sidebar included, until its data came.
// Plain class strings, not <Skeleton>: the router's options are in every page's entry bundle, and cn()
// would bring tailwind-merge into the landing page's, over its budget (site-landing-budget.test.ts).
const bar = "animate-pulse rounded-md bg-muted";

export function PagePending() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-4" data-testid="page-pending">
      <span className="sr-only">Loading…</span>
      <div aria-hidden="true" className={`${bar} h-8 w-48`} />
      <div aria-hidden="true" className={`${bar} h-4 w-full max-w-md`} />
      <div aria-hidden="true" className={`${bar} h-40 w-full`} />
    </div>
  );
}
