import { Link } from "@tanstack/react-router";
import { ErrorView } from "~/components/errors/error-view.tsx";
import { useErrorResponseStatus } from "~/components/errors/response-status.ts";
import { clientInfo, clientReferences } from "~/lib/client-setup/references.ts";
import { AppError } from "~/lib/errors.ts";

/** /docs?ref=<unknown>: the 400 error page, saying what was wrong and listing the guides that exist. */
export function UnknownReference({ value }: { value: string }) {
  const message = `There is no setup guide for "${value}".`;
  useErrorResponseStatus(new AppError("BAD_REQUEST", message));
  return (
    <ErrorView title="400" message={message}>
      <p className="text-muted-foreground">The ref parameter must be one of these client references:</p>
      <ul className="flex max-w-lg flex-wrap justify-center gap-2">
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
    </ErrorView>
  );
}
