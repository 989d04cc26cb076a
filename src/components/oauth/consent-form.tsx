// The decision itself: which project, then Allow or Deny. Allowing binds the client's tokens to the
// chosen project; denying sends the client `access_denied`.
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ConsentError, saveHandoff, sendConsent } from "./consent-submit.ts";
import { type PickableProject, ProjectPicker } from "./project-picker.tsx";

interface ConsentFormProps {
  clientName: string;
  projects: PickableProject[];
  /** The project last chosen for this client, when still accessible. */
  initialProjectId: string | null;
  /** Where to start again when the request can no longer be answered. */
  restartHref: string;
}

export function ConsentForm({ clientName, projects, initialProjectId, restartHref }: ConsentFormProps) {
  const router = useRouter();
  const fallback = projects.length === 1 ? (projects[0]?.id ?? "") : "";
  const [projectId, setProjectId] = useState(
    initialProjectId && projects.some((p) => p.id === initialProjectId) ? initialProjectId : fallback,
  );
  const [pending, setPending] = useState<"allow" | "deny" | null>(null);
  const [projectError, setProjectError] = useState<string | undefined>();
  const [failure, setFailure] = useState<ConsentError | null>(null);

  const decide = async (accept: boolean) => {
    const project = projects.find((p) => p.id === projectId);
    if (accept && !project) {
      setProjectError("Choose a project for this connection.");
      return;
    }
    setProjectError(undefined);
    setFailure(null);
    setPending(accept ? "allow" : "deny");
    try {
      const url = await sendConsent({ accept, projectId: accept ? projectId : undefined });
      if (!accept) {
        window.location.assign(url);
        return;
      }
      saveHandoff({ url, clientName, projectName: project?.name ?? "" });
      await router.navigate({ to: "/oauth/success", replace: true });
    } catch (error) {
      setFailure(
        error instanceof ConsentError ? error : new ConsentError("The request could not be completed."),
      );
      setPending(null);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <ProjectPicker
        projects={projects}
        value={projectId}
        onChange={(id) => {
          setProjectId(id);
          setProjectError(undefined);
        }}
        disabled={pending !== null}
        error={projectError}
      />
      <FormAlert message={failure?.message ?? null} />
      {failure?.restart ? (
        <Button asChild variant="outline">
          <a href={restartHref}>Start again</a>
        </Button>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={pending !== null} onClick={() => void decide(false)}>
          {pending === "deny" ? "Denying…" : "Deny"}
        </Button>
        <Button disabled={pending !== null || projects.length === 0} onClick={() => void decide(true)}>
          {pending === "allow" ? "Allowing…" : "Allow access"}
        </Button>
      </div>
    </div>
  );
}
