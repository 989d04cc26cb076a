// The card most sections of a page are: a heading (title and what it is for), then its body.
import type { ReactNode } from "react";
import { Card, CardContent, CardHeading } from "./card.tsx";

export function SectionCard({
  title,
  description,
  titleClassName,
  contentClassName,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** e.g. a title with an icon or badges beside it. */
  titleClassName?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeading title={title} description={description} titleClassName={titleClassName} />
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
