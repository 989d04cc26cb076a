import { Link } from "@tanstack/react-router";
import { useErrorResponseStatus } from "~/components/errors/response-status.ts";
import { clientInfo, clientReferences } from "~/lib/client-setup/references.ts";
import { AppError } from "~/lib/errors.ts";

/** /docs?ref=<unknown>: a 400 that says what was wrong and lists the guides that exist. */
export function UnknownReference({ value }: { value: string }) {
  const message = `There is no setup guide for "${value}".`;
  useErrorResponseStatus(new AppError("BAD_REQUEST", message));
  return (
    <section
      aria-labelledby="unknown-ref-title"
      className="flex flex-col gap-4 rounded-xl border border-dashed p-6"
    >
      <p className="text-5xl font-bold text-primary">400</p>
      <h2 id="unknown-ref-title" className="text-xl font-semibold">
        {message}
      </h2>
      <p className="text-muted-foreground">The ref parameter must be one of these client references:</p>
      <ul className="flex flex-wrap gap-2">
        {clientReferences.map((reference) => (
          <li key={reference}>
            <Link
              to="/docs"
              search={{ ref: reference }}
              className="inline-block rounded-md border px-2 py-1 font-mono text-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {reference}
              <span className="sr-only"> ({clientInfo[reference].name})</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
