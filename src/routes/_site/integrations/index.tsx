// Public catalogue (requirements §2): every integration, standard tool and coming-soon tool, most popular first,
// with a text search and the one accepted filter (standard-tools), both kept in the URL.
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { SearchIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { CatalogueCard } from "~/components/integrations/catalogue-card.tsx";
import { IntegrationSearch } from "~/components/integrations/integration-search.tsx";
import { PageIntro } from "~/components/site/page-intro.tsx";
import { siteHead } from "~/components/site/site-head.ts";
import { Button } from "~/components/ui/button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { cn } from "~/lib/cn.ts";
import { counted } from "~/lib/counted.ts";
import { filterCatalogue } from "~/lib/integrations/catalogue.ts";
import { parseCatalogueSearch, STANDARD_TOOLS_FILTER } from "~/lib/integrations/catalogue-search.ts";

export const Route = createFileRoute("/_site/integrations/")({
  validateSearch: parseCatalogueSearch,
  head: siteHead({
    title: "Integrations",
    description: "Connect AI agents to Gmail, Jira, HubSpot, Salesforce and more through one MCP endpoint.",
    keywords: "MCP integrations, AI agent integrations, standard tools",
    canonicalPath: "/integrations",
  }),
  component: CataloguePage,
});

const SEARCH_DELAY_MS = 250;

function CataloguePage() {
  const { trpc, user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: entries } = useSuspenseQuery(trpc.integrations.catalogue.list.queryOptions());
  const [text, setText] = useState(search.search ?? "");

  // Typing updates the URL after a short pause, replacing the history entry instead of adding one per key.
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === search.search) return;
    const timer = setTimeout(
      () => void navigate({ search: (prev) => ({ ...prev, search: next }), replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [text, search.search, navigate]);

  const visible = filterCatalogue(entries, { filter: search.filter, search: text.trim() || undefined });
  const standardOnly = search.filter === STANDARD_TOOLS_FILTER;

  return (
    <>
      <PageIntro eyebrow="Integrations" title="Integrations">
        Everything your agents can reach through Portico: business systems you connect once per organization,
        and standard tools that work without any account.
      </PageIntro>
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label="Filter" className="inline-flex w-fit rounded-md border p-0.5 text-sm">
            <FilterLink active={!standardOnly} filter={undefined} label="All" />
            <FilterLink active={standardOnly} filter={STANDARD_TOOLS_FILTER} label="Standard tools" />
          </nav>
          <IntegrationSearch value={text} onChange={setText} maxLength={100} />
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {counted(visible.length, "result")}
        </p>
        {visible.length === 0 ? (
          <EmptyState
            icon={SearchIcon}
            title={text.trim() ? `Nothing matches “${text.trim()}”` : "Nothing to show"}
            description="Try another word, or browse the whole catalogue."
            action={
              <Button variant="outline" onClick={() => setText("")} asChild>
                <Link to="/integrations" search={{}}>
                  Show all integrations
                </Link>
              </Button>
            }
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="catalogue">
            {visible.map((entry) => (
              <CatalogueCard key={entry.id} entry={entry} signedIn={Boolean(user)} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}

function FilterLink({
  active,
  filter,
  label,
}: {
  active: boolean;
  filter: typeof STANDARD_TOOLS_FILTER | undefined;
  label: string;
}) {
  return (
    <Link
      to="/integrations"
      search={(prev) => ({ ...prev, filter })}
      aria-current={active ? "page" : undefined}
      className={cn(
        "rounded px-3 py-1.5 transition-colors",
        active ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
      )}
    >
      {label}
    </Link>
  );
}
