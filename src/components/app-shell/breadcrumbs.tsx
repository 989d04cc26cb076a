import { Link, useMatches } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** Fixed breadcrumb label of a route, e.g. "Members". */
    crumb?: string;
  }
}

interface Crumb {
  id: string;
  label: string;
  href: string;
}

const loaderCrumb = (loaderData: unknown): string | undefined => {
  const crumb = (loaderData as { crumb?: unknown } | undefined)?.crumb;
  return typeof crumb === "string" ? crumb : undefined;
};

/**
 * Built from the matched routes: a route names itself with `staticData: { crumb: "Members" }` or, for
 * names that need data, by returning `{ crumb: organization.name }` from its loader.
 */
export function Breadcrumbs() {
  const crumbs = useMatches({
    select: (matches) =>
      matches.flatMap((match): Crumb[] => {
        const label = loaderCrumb(match.loaderData) ?? match.staticData.crumb;
        return label ? [{ id: match.id, label, href: match.pathname }] : [];
      }),
  });
  if (crumbs.length === 0) return null;

  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.id} className="flex min-w-0 items-center gap-1.5">
              {index > 0 ? <ChevronRight className="size-3.5 shrink-0" aria-hidden="true" /> : null}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.href as string} className="truncate hover:text-foreground">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
