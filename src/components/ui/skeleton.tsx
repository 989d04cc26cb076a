import type { ComponentProps } from "react";
import { cn } from "~/lib/cn.ts";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

/** A list's placeholder rows while it loads, announced once by its label. */
export function SkeletonRows({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div className="flex flex-col gap-3" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** Placeholders in a column, marked busy while what they stand for loads; each of `sizes` sizes one. */
export function BusySkeletons({ sizes, className = "gap-2" }: { sizes: string[]; className?: string }) {
  return (
    <div className={cn("flex flex-col", className)} aria-busy="true">
      {sizes.map((size, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={index} className={size} />
      ))}
    </div>
  );
}
