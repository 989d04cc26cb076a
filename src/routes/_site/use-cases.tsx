import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { SearchIcon, SearchXIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { PageIntro } from "~/components/site/page-intro.tsx";
import { siteHead } from "~/components/site/site-head.ts";
import { Button } from "~/components/ui/button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { inputClasses } from "~/components/ui/input.tsx";
import { cn } from "~/lib/cn.ts";
import { integrationNames } from "~/lib/site/integration-names.ts";
import { filterUseCases, type UseCase, useCaseTeams } from "~/lib/site/use-cases.ts";
import { parseUseCasesSearch, USE_CASE_SEARCH_MAX } from "~/lib/site/use-cases-search.ts";

export const Route = createFileRoute("/_site/use-cases")({
  staticData: { queryRuntime: false },
  validateSearch: parseUseCasesSearch,
  head: siteHead({
    title: "Use cases",
    description:
      "What teams do with AI agents connected through Portico: pipeline reviews, support triage, onboarding, status reports, research and more.",
    keywords: ["AI agent use cases", "MCP use cases", "sales AI", "support AI", "HR automation"],
    canonicalPath: "/use-cases",
  }),
  component: UseCasesPage,
});

function UseCasesPage() {
  const { search } = Route.useSearch();
  const navigate = useNavigate({ from: "/use-cases" });
  const results = filterUseCases(search);
  const [text, setText] = useState(search ?? "");
  // The URL is the source of truth (team links, back button); typing only differs by spaces.
  useEffect(() => {
    setText((current) => (current.trim() === (search ?? "") ? current : (search ?? "")));
  }, [search]);
  const setSearch = (value: string) => {
    setText(value);
    void navigate({ search: value.trim() ? { search: value } : {}, replace: true, resetScroll: false });
  };

  return (
    <>
      <PageIntro eyebrow="Use cases" title="What your agents can do with your data">
        Real requests, the integrations that answer them, and the teams who ask them every week.
      </PageIntro>
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6">
        {/* A plain GET form: the search works before the page's script has loaded, and without it. */}
        <form
          method="get"
          action="/use-cases"
          className="flex flex-col gap-3"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor="use-case-search" className="text-sm font-medium">
            Search use cases
          </label>
          <div className="relative max-w-xl">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <input
              id="use-case-search"
              name="search"
              type="search"
              value={text}
              maxLength={USE_CASE_SEARCH_MAX}
              placeholder="Try “jira”, “sales” or “onboarding”"
              onChange={(event) => setSearch(event.target.value)}
              className={cn(inputClasses, "h-10 pl-9 text-base")}
              aria-describedby="use-case-count"
            />
          </div>
          <ul className="flex flex-wrap gap-2" aria-label="Teams">
            {useCaseTeams.map((team) => (
              <li key={team}>
                <Link
                  to="/use-cases"
                  search={{ search: team }}
                  replace
                  className="inline-block rounded-full border px-3 py-1 text-xs font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {team}
                </Link>
              </li>
            ))}
          </ul>
        </form>
        <p id="use-case-count" className="text-sm text-muted-foreground" aria-live="polite">
          {search
            ? `${results.length} ${results.length === 1 ? "use case matches" : "use cases match"} “${search}”.`
            : `${results.length} use cases.`}
        </p>
        {results.length === 0 ? (
          <EmptyState
            icon={SearchXIcon}
            title="No use case matches your search"
            description="Try a team (sales, support, HR) or an integration (Gmail, Jira, HubSpot) — or tell us what you need."
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Button variant="outline" onClick={() => setSearch("")}>
                  Clear search
                </Button>
                <Button asChild>
                  <Link to="/contact">Suggest a use case</Link>
                </Button>
              </div>
            }
          />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" data-testid="use-cases">
            {results.map((useCase) => (
              <UseCaseCard key={useCase.id} useCase={useCase} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function UseCaseCard({ useCase }: { useCase: UseCase }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-5">
      <p className="text-xs font-semibold tracking-wide text-primary uppercase">{useCase.team}</p>
      <h2 className="text-lg font-semibold">{useCase.title}</h2>
      <p className="text-sm text-muted-foreground">{useCase.summary}</p>
      <blockquote className="rounded-md border-l-4 border-primary/40 bg-muted/50 px-3 py-2 text-sm italic">
        “{useCase.prompt}”
      </blockquote>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        <span className="text-xs text-muted-foreground">Uses</span>
        {useCase.integrations.map((id) => (
          <span
            key={id}
            className="rounded-md bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground"
          >
            {integrationNames[id].name}
          </span>
        ))}
      </div>
    </li>
  );
}
