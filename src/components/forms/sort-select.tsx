// The list-order picker; the choice is saved per scope on the server and restored on the next visit.
import { ArrowUpDown } from "lucide-react";
import { useSortPreference } from "~/components/sort/use-sort-preference.ts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";
import { type SortOrder, type SortScope, sortLabels, sortOrders } from "~/lib/sort-options.ts";

export function SortSelect({ scope }: { scope: SortScope }) {
  const { sort, setSort } = useSortPreference(scope);
  return (
    <Select value={sort} onValueChange={(next) => setSort(next as SortOrder)}>
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
