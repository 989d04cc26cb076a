// The public catalogue: integrations, standard tools and coming-soon tools in one list, most popular
// first, with the search and the one filter the /integrations page accepts (requirements §2, §5).

import { integrations } from "../../integrations/catalogue.ts";
import type { CatalogueEntry, IntegrationEntry } from "./catalogue-entry.ts";
import type { CatalogueSearch } from "./catalogue-search.ts";
import { comingSoon } from "./coming-soon.ts";
import { type IntegrationId, isIntegrationId, STANDARD_TOOLS_FILTER } from "./ids.ts";
import { standardTools } from "./standard-tools.ts";

export const catalogue: readonly CatalogueEntry[] = [...integrations, ...standardTools, ...comingSoon].sort(
  (a, b) => b.popularity - a.popularity || a.name.localeCompare(b.name),
);

const integrationById = new Map(integrations.map((entry) => [entry.id, entry]));

export function findIntegration(id: string): IntegrationEntry | undefined {
  return isIntegrationId(id) ? integrationById.get(id) : undefined;
}

export function integrationEntry(id: IntegrationId): IntegrationEntry {
  const entry = integrationById.get(id);
  if (!entry) throw new Error(`catalogue has no entry for ${id}`);
  return entry;
}

const haystack = (entry: CatalogueEntry) =>
  [entry.name, entry.description, entry.category, ...entry.features, ...entry.badges, entry.id]
    .join(" ")
    .toLowerCase();

/** Entries matching every word of the search (in any field), limited to standard tools on request. */
export function filterCatalogue<T extends CatalogueEntry>(
  entries: readonly T[],
  search: CatalogueSearch,
): T[] {
  const words = (search.search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    if (search.filter === STANDARD_TOOLS_FILTER && entry.kind !== "standard-tool") return false;
    if (words.length === 0) return true;
    const text = haystack(entry);
    return words.every((word) => text.includes(word));
  });
}
