import { Skeleton } from "~/components/ui/skeleton.tsx";

/** A few rows standing in while a list of tools or integrations loads. */
export function ToolListSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-2/3" />
    </div>
  );
}
