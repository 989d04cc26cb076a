// The one design of every error view, in the public site's shell and the app's alike (requirements §2
// "Error page"): a big status, an optional label, the message as the page's heading, what else the
// case needs, the expandable "Need help?", "Go Back" and "Go Home", and the note pointing to support.
// The error page, the 404 view, the generic error view and /docs' unknown reference all render it, so a
// visitor meets one page wherever something fails.
import { Link, useRouter } from "@tanstack/react-router";
import { ChevronDownIcon } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button-variants.ts";
import { PageLandmark } from "~/components/ui/main-landmark.tsx";
import { CONTACT_NOTE, NEED_HELP_TEXT } from "./error-copy.ts";

export function ErrorView({
  title,
  label,
  message,
  children,
}: {
  /** The big status: "404", "400", "Error". */
  title: string;
  /** A short word under it, e.g. "Not Found". */
  label?: string;
  /** The page's h1. */
  message: string;
  /** Anything the case adds below the message (a detail, the error behind a toggle, valid choices). */
  children?: ReactNode;
}) {
  const router = useRouter();
  return (
    <PageLandmark className="flex min-h-[70vh] flex-col items-center justify-center gap-5 px-6 py-16 text-center">
      <p className="text-7xl font-bold tracking-tight text-primary sm:text-8xl" data-testid="error-status">
        {title}
      </p>
      {label ? (
        <p className="-mt-3 text-sm font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
      ) : null}
      <h1 className="max-w-md text-xl font-semibold text-balance">{message}</h1>
      {children}
      <details className="group w-full max-w-md rounded-lg border px-4 py-3 text-left">
        <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-medium [&::-webkit-details-marker]:hidden">
          Need help?
          <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <p className="mt-2 text-sm text-muted-foreground">{NEED_HELP_TEXT}</p>
      </details>
      <div className="flex flex-wrap justify-center gap-3">
        {/* Plain elements with the button styles: this view is on every page's first-load path. */}
        <button
          type="button"
          className={buttonVariants({ variant: "outline" })}
          onClick={() => router.history.back()}
        >
          Go Back
        </button>
        <Link to="/" className={buttonVariants()}>
          Go Home
        </Link>
      </div>
      {/* CONTACT_NOTE, with its "contact support" leading to the support page. */}
      <p className="text-xs text-muted-foreground">
        {CONTACT_NOTE.split("contact support")[0]}
        <Link to="/support" className="underline">
          contact support
        </Link>
        .
      </p>
    </PageLandmark>
  );
}
