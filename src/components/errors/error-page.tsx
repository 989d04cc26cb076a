import { Link, useRouter } from "@tanstack/react-router";
import { ChevronDownIcon } from "lucide-react";
import { buttonVariants } from "~/components/ui/button-variants.ts";
import { PageLandmark } from "~/components/ui/main-landmark.tsx";
import { CONTACT_NOTE, errorCopy, NEED_HELP_TEXT } from "./error-copy.ts";
import { useErrorResponseStatus } from "./response-status.ts";

/** The page shown when a route fails to load (requirements §2 "Error page"): big status, message, ways out. */
export function ErrorPage({ error }: { error: unknown }) {
  const router = useRouter();
  const { title, message } = errorCopy(error);
  useErrorResponseStatus(error);
  return (
    <PageLandmark className="flex min-h-[70vh] flex-col items-center justify-center gap-6 px-6 py-16 text-center">
      <p className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">{title}</p>
      <h1 className="max-w-md text-xl font-semibold">{message}</h1>
      <details className="group w-full max-w-md rounded-lg border px-4 py-3 text-left">
        <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-medium [&::-webkit-details-marker]:hidden">
          Need help?
          <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <p className="mt-2 text-sm text-muted-foreground">{NEED_HELP_TEXT}</p>
      </details>
      <div className="flex gap-3">
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
