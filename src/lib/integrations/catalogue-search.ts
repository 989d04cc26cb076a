// Search params of /integrations (requirements §2, §5). No zod and no catalogue data: the route's search
// validator imports this, so it ships in every page's entry bundle. Filtering is in catalogue.ts.

/** The only filter the public catalogue accepts (requirements §5). */
export const STANDARD_TOOLS_FILTER = "standard-tools";

export const catalogueFilters = [STANDARD_TOOLS_FILTER] as const;
export type CatalogueFilter = (typeof catalogueFilters)[number];

export const MAX_CATALOGUE_SEARCH_LENGTH = 100;

export interface CatalogueSearch {
  filter?: CatalogueFilter;
  search?: string;
}

/** The first value of a repeated parameter, as the other public pages read them. */
const first = (value: unknown): string | undefined =>
  Array.isArray(value) ? first(value[0]) : typeof value === "string" ? value : undefined;

/**
 * An unknown filter or an overlong search is dropped rather than failing the page: a visitor
 * following an old link still gets the catalogue.
 */
export function parseCatalogueSearch(raw: Record<string, unknown>): CatalogueSearch {
  const filter = first(raw.filter);
  const search = first(raw.search)?.trim();
  return {
    ...(filter === STANDARD_TOOLS_FILTER ? { filter } : {}),
    ...(search && search.length <= MAX_CATALOGUE_SEARCH_LENGTH ? { search } : {}),
  };
}
