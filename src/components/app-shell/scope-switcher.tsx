import { Link } from "@tanstack/react-router";
import { Building2, ChevronsUpDown, FolderKanban, LayoutGrid } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import type { ShellScope } from "./use-current-scope.ts";
import { type ShellOrganization, useShellOrganizations } from "./use-shell-organizations.ts";

function currentNames(scope: ShellScope, organizations: ShellOrganization[]) {
  if (scope.kind === "organization") {
    const organization = organizations.find((org) => org.id === scope.organizationId);
    return { title: organization?.name, subtitle: "Organization" };
  }
  if (scope.kind === "project") {
    for (const organization of organizations) {
      const project = organization.projects.find((p) => p.id === scope.projectId);
      if (project) return { title: project.name, subtitle: organization.name };
    }
  }
  return { title: undefined, subtitle: undefined };
}

/** Jumps between organizations and their projects; shows where the user is now. */
export function ScopeSwitcher({ scope, onNavigate }: { scope: ShellScope; onNavigate?: () => void }) {
  const { data: organizations, isPending } = useShellOrganizations();
  if (isPending) return <Skeleton className="h-11 w-full" />;
  const list = organizations ?? [];
  const { title, subtitle } = currentNames(scope, list);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex w-full items-center gap-2 rounded-md border bg-background px-2.5 py-2 text-left text-sm shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
          {scope.kind === "project" ? <FolderKanban className="size-4" /> : <Building2 className="size-4" />}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium">{title ?? "All organizations"}</span>
          <span className="truncate text-xs text-muted-foreground">
            {subtitle ?? "Switch organization or project"}
          </span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 opacity-50" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="max-h-96 w-(--radix-dropdown-menu-trigger-width) min-w-64 overflow-y-auto"
      >
        <DropdownMenuItem asChild>
          <Link to="/app/dashboard" onClick={onNavigate}>
            <LayoutGrid /> All organizations
          </Link>
        </DropdownMenuItem>
        {list.map((organization) => (
          <div key={organization.id}>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link
                to={`/app/organization/${encodeURIComponent(organization.id)}` as string}
                onClick={onNavigate}
              >
                <Building2 />
                <span className="truncate font-medium">{organization.name}</span>
              </Link>
            </DropdownMenuItem>
            {organization.projects.map((project) => (
              <DropdownMenuItem key={project.id} asChild className="pl-8">
                <Link to={`/app/project/${encodeURIComponent(project.id)}` as string} onClick={onNavigate}>
                  <FolderKanban />
                  <span className="truncate">{project.name}</span>
                </Link>
              </DropdownMenuItem>
            ))}
          </div>
        ))}
        {list.length === 0 ? (
          <DropdownMenuLabel className="font-normal text-muted-foreground">
            No organizations yet
          </DropdownMenuLabel>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
