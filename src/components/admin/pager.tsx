import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";

/** "21–40 of 57" with previous and next buttons, under an admin table. */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  const first = props.total === 0 ? 0 : (props.page - 1) * props.pageSize + 1;
  const last = Math.min(props.total, props.page * props.pageSize);
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between gap-2 pt-3 text-sm text-muted-foreground"
    >
      <span>
        {first}–{last} of {props.total}
      </span>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1)}
          aria-label="Previous page"
        >
          <ChevronLeft /> Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={props.page >= pages}
          onClick={() => props.onPage(props.page + 1)}
          aria-label="Next page"
        >
          Next <ChevronRight />
        </Button>
      </div>
    </nav>
  );
}
