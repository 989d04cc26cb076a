import { Link } from "@tanstack/react-router";
import { ArrowRightIcon } from "lucide-react";
import { integrationCategories, integrationsIn } from "~/lib/site/integration-names.ts";
import { CATALOGUE_PATH } from "../site-nav.ts";

const standardTools = [
  "Current time",
  "Time zone conversion",
  "Date calculations",
  "Calculator",
  "Web page reader",
];

export function IntegrationsOverview() {
  return (
    <section aria-labelledby="integrations-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="integrations-title" className="text-3xl font-bold tracking-tight">
            The systems your work already lives in
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Email, calendars, file storage, issue tracking, CRM, HR, surveys, marketing and AI web search —
            plus standard tools that need no account at all, on every plan.
          </p>
        </div>
        <Link
          to={CATALOGUE_PATH}
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Browse the catalogue <ArrowRightIcon className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {integrationCategories.map((category) => (
          <div key={category} className="rounded-xl border p-5">
            <h3 className="text-sm font-semibold">{category}</h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {integrationsIn(category).map((name) => (
                <li
                  key={name}
                  className="rounded-md bg-secondary px-2 py-1 text-xs font-medium text-secondary-foreground"
                >
                  {name}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="rounded-xl border border-dashed p-5">
          <h3 className="text-sm font-semibold">Standard tools</h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {standardTools.map((name) => (
              <li
                key={name}
                className="rounded-md bg-secondary px-2 py-1 text-xs font-medium text-secondary-foreground"
              >
                {name}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
