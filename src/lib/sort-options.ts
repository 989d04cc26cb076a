// Sort orders a user can pick for the lists on the dashboard, an organization and a project. Isomorphic:
// the server validates with these and the pages sort with them.
import { z } from "zod";

export const sortScopes = ["dashboard", "organization", "project"] as const;
export type SortScope = (typeof sortScopes)[number];

export const sortOrders = ["name-asc", "name-desc", "newest", "oldest"] as const;
export type SortOrder = (typeof sortOrders)[number];
export const DEFAULT_SORT: SortOrder = "name-asc";

export const sortLabels: Record<SortOrder, string> = {
  "name-asc": "Name (A–Z)",
  "name-desc": "Name (Z–A)",
  newest: "Newest first",
  oldest: "Oldest first",
};

// Pure-annotated: the browser never validates with these, so its bundles can leave zod out.
export const sortScopeInput = /* @__PURE__ */ z.object({ scope: /* @__PURE__ */ z.enum(sortScopes) });
export const sortPreferenceInput = /* @__PURE__ */ sortScopeInput.extend({
  sort: /* @__PURE__ */ z.enum(sortOrders),
});

export interface Sortable {
  name: string;
  createdAt: Date | string;
}

const time = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

/** Returns a sorted copy; names compare as people expect ("Project 2" before "Project 10"). */
export function sortItems<T extends Sortable>(items: readonly T[], order: SortOrder): T[] {
  const byName = (a: T, b: T) =>
    a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: "base" });
  const compare: Record<SortOrder, (a: T, b: T) => number> = {
    "name-asc": byName,
    "name-desc": (a, b) => byName(b, a),
    newest: (a, b) => time(b.createdAt) - time(a.createdAt) || byName(a, b),
    oldest: (a, b) => time(a.createdAt) - time(b.createdAt) || byName(a, b),
  };
  return [...items].sort(compare[order]);
}
