import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { TableHead } from "~/components/ui/table.tsx";
import { cn } from "~/lib/cn.ts";

/** A column header that sorts the table by its field; a second click reverses the direction. */
export function SortHeader<F extends string>(props: {
  field: F;
  label: string;
  sort: F;
  direction: "asc" | "desc";
  onSort: (field: F, direction: "asc" | "desc") => void;
  className?: string;
}) {
  const active = props.sort === props.field;
  const Icon = !active ? ArrowUpDown : props.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead
      className={props.className}
      aria-sort={active ? (props.direction === "asc" ? "ascending" : "descending") : "none"}
    >
      <button
        type="button"
        className={cn(
          "inline-flex items-center gap-1 rounded-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
          active && "text-foreground",
        )}
        onClick={() => props.onSort(props.field, active && props.direction === "asc" ? "desc" : "asc")}
      >
        {props.label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </TableHead>
  );
}
