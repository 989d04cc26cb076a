// A card that is one table with a button or two per row (credentials, integrations, members): the page's
// header says what it lists, so the card has no heading of its own.
import type { ReactNode } from "react";
import { Card, CardContent } from "./card.tsx";
import { Table, TableBody, TableHeaderWithActions } from "./table.tsx";

export function TableCard({
  columns,
  stackOnPhone = false,
  children,
}: {
  /** The header cells before the actions column. */
  columns: ReactNode;
  /** At phone width each row is a block the rows lay out themselves (no sideways scrolling), and the
   * header is read out only. */
  stackOnPhone?: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="pt-2">
        <Table className={stackOnPhone ? "max-sm:block" : undefined}>
          <TableHeaderWithActions className={stackOnPhone ? "max-sm:sr-only" : undefined}>
            {columns}
          </TableHeaderWithActions>
          <TableBody className={stackOnPhone ? "max-sm:block" : undefined}>{children}</TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
