// A card that leads to one action (leave, delete, manage elsewhere): its heading, anything that
// explains more, and the action in the footer. Destructive ones get a red border from `className`.
import type { ReactNode } from "react";
import { Card, CardFooter, CardHeading } from "./card.tsx";

export function ActionCard({
  title,
  description,
  className,
  body,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  className?: string;
  /** Between the heading and the action, e.g. why the action is not available yet. */
  body?: ReactNode;
  /** The action: a button, a dialog's trigger, a link. */
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeading title={title} description={description} />
      {body}
      <CardFooter className="pt-4">{children}</CardFooter>
    </Card>
  );
}
