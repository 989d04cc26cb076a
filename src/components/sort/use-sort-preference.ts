// The remembered list order of a scope (dashboard, organization, project) for the signed-in user.
// Loaders can preload it: `queryClient.ensureQueryData(sortPreferenceQueryOptions("dashboard"))`.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_SORT, type SortOrder, type SortScope } from "~/lib/sort-options.ts";
import { getSortPreference, setSortPreference } from "~/server/preferences/sort.ts";

export const sortPreferenceQueryOptions = (scope: SortScope) =>
  queryOptions({
    queryKey: ["sort-preference", scope] as const,
    queryFn: () => getSortPreference({ data: { scope } }),
    // Only this browser changes it, and it updates the cache itself when it does.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `const { sort, setSort } = useSortPreference("dashboard")`; setSort updates at once, then saves. */
export function useSortPreference(scope: SortScope) {
  const queryClient = useQueryClient();
  const options = sortPreferenceQueryOptions(scope);
  const { data } = useQuery(options);
  const save = useMutation({
    mutationFn: (sort: SortOrder) => setSortPreference({ data: { scope, sort } }),
    onMutate: (sort) => {
      const previous = queryClient.getQueryData(options.queryKey);
      queryClient.setQueryData(options.queryKey, sort);
      return { previous };
    },
    onError: (_error, _sort, context) => {
      queryClient.setQueryData(options.queryKey, context?.previous ?? DEFAULT_SORT);
      // Loaded on demand: this module is part of the app's route tree, which every page loads.
      void import("sonner").then(({ toast }) => toast.error("Could not save your sort preference."));
    },
  });
  return { sort: data ?? DEFAULT_SORT, setSort: (sort: SortOrder) => save.mutate(sort) };
}
