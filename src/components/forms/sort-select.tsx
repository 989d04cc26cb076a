// The list-order picker; the choice is saved per scope on the server and restored on the next visit.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowUpDown } from "lucide-react";
import { toast } from "sonner";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";
import { setSortPreference } from "~/server/preferences/sort.ts";
import { type SortOrder, type SortScope, sortLabels, sortOrders } from "~/server/preferences/sort-options.ts";

export const sortPreferenceQueryKey = (scope: SortScope) => ["sort-preference", scope] as const;

export function SortSelect({ scope, value }: { scope: SortScope; value: SortOrder }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (sort: SortOrder) => setSortPreference({ data: { scope, sort } }),
    onMutate: (sort) => queryClient.setQueryData(sortPreferenceQueryKey(scope), sort),
    onError: () => {
      toast.error("Could not save your sort preference.");
      void queryClient.invalidateQueries({ queryKey: sortPreferenceQueryKey(scope) });
    },
  });
  return (
    <Select value={value} onValueChange={(next) => save.mutate(next as SortOrder)}>
      <SelectTrigger aria-label="Sort by" className="w-44">
        <ArrowUpDown className="size-4 opacity-60" aria-hidden="true" />
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {sortOrders.map((order) => (
          <SelectItem key={order} value={order}>
            {sortLabels[order]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
