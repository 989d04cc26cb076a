import { errorCopy } from "./error-copy.ts";
import { ErrorView } from "./error-view.tsx";
import { useErrorResponseStatus } from "./response-status.ts";

/** The page shown when a route fails to load (requirements §2 "Error page"), chosen by the error's code. */
export function ErrorPage({ error }: { error: unknown }) {
  const { title, message, detail } = errorCopy(error);
  useErrorResponseStatus(error);
  return (
    <ErrorView title={title} message={message}>
      {detail ? <p className="max-w-md text-sm text-muted-foreground">{detail}</p> : null}
    </ErrorView>
  );
}
