import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn.ts";
import { HeadingLevel, useHeadingTag } from "./heading-level.tsx";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "flex flex-col gap-4 rounded-xl border bg-card [--cue-cover:var(--card)] py-5 text-card-foreground shadow-xs",
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 px-5", className)} {...props} />;
}

/** The card's heading, at the outline's current level (h2 on a page, h3 in a section or dialog). */
export function CardTitle({ className, ...props }: ComponentProps<"h2">) {
  const Tag = useHeadingTag();
  return <Tag className={cn("leading-none font-semibold", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** The card's body: headings in it (an empty state, a sub-heading) sit one level below the title. */
export function CardContent({ className, children, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("px-5", className)} {...props}>
      <HeadingLevel>{children}</HeadingLevel>
    </div>
  );
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex items-center gap-2 px-5", className)} {...props} />;
}

/** The header most cards have: their title and, when there is one, a line on what they are for. */
export function CardHeading({
  title,
  description,
  titleClassName,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** e.g. a title with an icon or badges beside it. */
  titleClassName?: string;
}) {
  return (
    <CardHeader>
      <CardTitle className={titleClassName}>{title}</CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </CardHeader>
  );
}
