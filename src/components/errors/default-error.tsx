import { createIsomorphicFn } from "@tanstack/react-start";
import { setResponseStatus } from "@tanstack/react-start/server";
import { useState } from "react";
import { buttonVariants } from "~/components/ui/button-variants.ts";
import { ErrorView } from "./error-view.tsx";

// A page that crashed while rendering on the server is a failure of ours: a 500, never a 200 that
// search engines and monitors would take for a page.
const useServerFailureStatus = createIsomorphicFn()
  .server(() => {
    try {
      setResponseStatus(500);
    } catch {
      // Rendered outside a request (a unit test's renderToString): there is no response to set.
    }
  })
  .client(() => {});

/**
 * The generic view for errors thrown while rendering (requirements §2 "Root behaviour": 'Something went
 * wrong!' with Show Error / Hide Error), in the error pages' design.
 */
export function DefaultError({ error }: { error: unknown }) {
  const [shown, setShown] = useState(false);
  useServerFailureStatus();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <ErrorView title="Error" message="Something went wrong!">
      <div role="alert" className="flex w-full max-w-md flex-col items-center gap-3">
        <button
          type="button"
          className={buttonVariants({ variant: "outline", size: "sm" })}
          aria-expanded={shown}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? "Hide Error" : "Show Error"}
        </button>
        {shown ? (
          <pre className="w-full overflow-auto rounded-md border border-destructive/40 bg-destructive/5 p-3 text-left text-xs whitespace-pre-wrap text-destructive">
            {message || "Unknown error"}
          </pre>
        ) : null}
      </div>
    </ErrorView>
  );
}
