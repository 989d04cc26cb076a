import type { ReactNode } from "react";
import { cn } from "~/lib/cn.ts";

/** Long-form text (legal pages, the story): readable measure and spacing for plain HTML elements. */
export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        "flex max-w-3xl flex-col gap-4 leading-relaxed text-pretty [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_h2]:mt-6 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_strong]:font-semibold",
        className,
      )}
    >
      {children}
    </div>
  );
}
