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

/**
 * A box of names under a heading: one category's integrations, or (dashed) the standard tools. Plain
 * class strings, not cn(): the landing page does not ship the class-merging helper.
 */
function NameTiles({
  title,
  names,
  dashed = false,
}: {
  title: string;
  names: readonly string[];
  dashed?: boolean;
}) {
  return (
    <div className={dashed ? "rounded-xl border border-dashed p-5" : "rounded-xl border p-5"}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul className="mt-3 flex flex-wrap gap-2">
        {names.map((name) => (
          <li
            key={name}
            className="rounded-md bg-secondary px-2 py-1 text-xs font-medium text-secondary-foreground"
          >
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

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
          <NameTiles key={category} title={category} names={integrationsIn(category)} />
        ))}
        <NameTiles title="Standard tools" names={standardTools} dashed />
      </div>
    </section>
  );
}
