import type { ReactNode } from "react";
import { cn } from "~/lib/cn.ts";

export interface PageHeaderProps {
  title: ReactNode;
  /** One line saying what the page is for. */
  description?: ReactNode;
  /** The page's primary action (usually one Button); more can be passed as a fragment. */
  action?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, action, className }: PageHeaderProps) {
  return (
    <header className={cn("flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between", className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="truncate text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {action ? <div className="flex shrink-0 items-center gap-2">{action}</div> : null}
    </header>
  );
}
