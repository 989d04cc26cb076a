import { Link } from "@tanstack/react-router";
import { Building2Icon } from "lucide-react";
import { counted } from "~/lib/counted.ts";

interface OrganizationSummary {
  id: string;
  name: string;
  role: string;
  memberCount: number;
  projects: readonly unknown[];
}

/** Signed-in visitors see where a plan would apply: their organizations, each with its billing page. */
export function YourOrganizations({ organizations }: { organizations: readonly OrganizationSummary[] }) {
  if (organizations.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        Plans apply to an organization.{" "}
        <Link to="/app/dashboard" className="font-medium text-primary underline">
          Create one on your dashboard
        </Link>{" "}
        to start on the free plan.
      </p>
    );
  }
  return (
    <section aria-labelledby="your-orgs-title" className="rounded-xl border bg-card p-5">
      <h2 id="your-orgs-title" className="font-semibold">
        Your organizations
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Plans are per organization. Owners and admins change them on its billing page.
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {organizations.map((organization) => (
          <li key={organization.id}>
            <Link
              to="/app/organization/$organizationId/billing"
              params={{ organizationId: organization.id }}
              className="flex items-center gap-3 rounded-lg border p-3 text-sm outline-none hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Building2Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block truncate font-medium">{organization.name}</span>
                <span className="block text-xs text-muted-foreground">
                  {organization.role} · {counted(organization.memberCount, "member")} ·{" "}
                  {counted(organization.projects.length, "project")}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
