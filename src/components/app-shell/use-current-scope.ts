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

export function useCurrentScope(): ShellScope {
  return scopeOfPath(useRouterState({ select: (state) => state.location.pathname }));
}
