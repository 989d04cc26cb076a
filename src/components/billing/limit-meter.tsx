// One limit of the plan as a labelled bar: "1,234 of 30,000". Unlimited limits show the count alone.
import { cn } from "~/lib/cn.ts";
import { formatLimit } from "~/lib/plans.ts";

export function LimitMeter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const percent = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span
          className="tabular-nums text-muted-foreground"
          data-testid={`limit-${label.toLowerCase().replaceAll(" ", "-")}`}
        >
          {used.toLocaleString("en-US")} of {formatLimit(limit)}
        </span>
      </div>
      {limit === null ? null : (
        <div
          className="h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
        >
          <div
            className={cn(
              "h-full rounded-full",
              percent >= 100 ? "bg-destructive" : percent >= 80 ? "bg-warning" : "bg-primary",
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </div>
  );
}
