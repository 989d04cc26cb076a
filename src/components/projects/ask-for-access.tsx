// What a member of an organization sees on one of its projects they have no permission for: which
// project it is and a button that asks its admins for access (they get an e-mail), instead of a bare
// 404. People outside the organization still get the 404: the state query refuses them (NOT_FOUND).

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ErrorComponentProps, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { errorFacts } from "~/components/errors/error-facts.ts";
import { ErrorView } from "~/components/errors/error-view.tsx";
import { useErrorResponseStatus } from "~/components/errors/response-status.ts";
import { OrganizationRouteError } from "~/components/errors/two-factor-required.tsx";
import { Button } from "~/components/ui/button.tsx";
import { AppError } from "~/lib/errors.ts";
import { useTRPC } from "~/lib/trpc.ts";

/** The project layout's error component: "ask for access" for members without it, else the usual. */
export function ProjectRouteError(props: ErrorComponentProps) {
  const { projectId } = useParams({ strict: false }) as { projectId?: string };
  const trpc = useTRPC();
  const notFound = errorFacts(props.error).code === "NOT_FOUND";
  // Prefetched by the route's loader when the project failed to load, so SSR already has a member's
  // answer (a refusal is not sent to the browser, which asks again while showing the 404).
  const state = useQuery({
    ...trpc.projectPermissions.getAccessRequestState.queryOptions({ projectId: projectId ?? "" }),
    enabled: notFound && Boolean(projectId),
    retry: false,
  });
  if (notFound && state.data && !state.data.hasAccess && projectId) {
    return <AskForAccess projectId={projectId} state={state.data} />;
  }
  return <OrganizationRouteError {...props} />;
}

const FORBIDDEN = new AppError("FORBIDDEN", "No access to this project");

function AskForAccess({
  projectId,
  state,
}: {
  projectId: string;
  state: { projectName: string; organizationName: string; requestedAt: Date | string | null };
}) {
  useErrorResponseStatus(FORBIDDEN);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const request = useMutation(trpc.projectPermissions.requestAccess.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const asked = state.requestedAt !== null;
  const ask = async () => {
    setError(null);
    try {
      await request.mutateAsync({ projectId });
      await queryClient.invalidateQueries({
        queryKey: trpc.projectPermissions.getAccessRequestState.queryKey(),
      });
    } catch (cause) {
      setError(errorMessage(cause));
    }
  };
  return (
    <ErrorView title="403" message={`You do not have access to ${state.projectName} yet`}>
      <p className="max-w-md text-sm text-muted-foreground">
        You are a member of {state.organizationName}, but this project is open only to the people its admins
        give access to.
      </p>
      {asked ? (
        <p role="status" className="max-w-md rounded-md border bg-muted/40 px-3 py-2 text-sm">
          Access requested. The project's admins have been e-mailed; you will be able to open it once one of
          them gives you access.
        </p>
      ) : (
        <Button onClick={() => void ask()} disabled={request.isPending}>
          {request.isPending ? "Asking…" : "Ask for access"}
        </Button>
      )}
      <div className="w-full max-w-md">
        <FormAlert message={error} />
      </div>
    </ErrorView>
  );
}
