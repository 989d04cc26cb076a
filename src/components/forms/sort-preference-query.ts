import { queryOptions } from "@tanstack/react-query";
import { getSortPreference } from "~/server/preferences/sort.ts";
import type { SortScope } from "~/server/preferences/sort-options.ts";
import { sortPreferenceQueryKey } from "./sort-select.tsx";

export const sortPreferenceQuery = (scope: SortScope) =>
  queryOptions({
    queryKey: sortPreferenceQueryKey(scope),
    queryFn: () => getSortPreference({ data: { scope } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
