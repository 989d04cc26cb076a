import { useState } from "react";
import { buttonVariants } from "~/components/ui/button-variants.ts";

/** The generic view for errors thrown while rendering (requirements §2 "Root behaviour"). */
export function DefaultError({ error }: { error: unknown }) {
  const [shown, setShown] = useState(false);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-start gap-3 px-6 py-12">
      <h1 className="text-lg font-semibold">Something went wrong!</h1>
      <button
        type="button"
        className={buttonVariants({ variant: "outline", size: "sm" })}
        aria-expanded={shown}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? "Hide Error" : "Show Error"}
      </button>
      {shown ? (
        <pre className="w-full overflow-auto rounded-md border border-destructive/40 bg-destructive/5 p-3 text-xs text-destructive">
          {message || "Unknown error"}
        </pre>
      ) : null}
    </div>
  );
}
