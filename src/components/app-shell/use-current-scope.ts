import { useRouterState } from "@tanstack/react-router";

export type ShellScope =
  | { kind: "organization"; organizationId: string }
  | { kind: "project"; projectId: string }
  | { kind: "none" };

/** Which organization or project the current page belongs to, read from the path. */
export function scopeOfPath(pathname: string): ShellScope {
  const match = /^\/app\/(organization|project)\/([^/]+)/.exec(pathname);
  if (!match?.[2]) return { kind: "none" };
  const id = decodeURIComponent(match[2]);
  return match[1] === "organization"
    ? { kind: "organization", organizationId: id }
    : { kind: "project", projectId: id };
}

/** The scope of the page, or none while it shows an error or 404: an unknown project gets no project nav. */
export function useCurrentScope(): ShellScope {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const failed = useRouterState({
    select: (state) => state.matches.some((match) => match.status === "error" || match.status === "notFound"),
  });
  return failed ? { kind: "none" } : scopeOfPath(pathname);
}
