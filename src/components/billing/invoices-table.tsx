// Stripe's invoices of the organization, newest first.

import { ReceiptIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { formatPrice } from "~/lib/plans.ts";

export interface InvoiceRow {
  id: string;
  number: string | null;
  status: string | null;
  amountDue: number;
  currency: string;
  created: Date;
  hostedInvoiceUrl: string | null;
}

export function InvoicesTable({
  invoices,
  stripeConfigured,
}: {
  invoices: InvoiceRow[];
  stripeConfigured: boolean;
}) {
  if (invoices.length === 0) {
    return (
      <EmptyState
        icon={ReceiptIcon}
        title="No invoices yet"
        description={
          stripeConfigured
            ? "Invoices appear here after the first payment for a paid plan."
            : "Billing through Stripe is not configured on this server, so there are no invoices."
        }
      />
    );
  }
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Invoice</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>Amount</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id}>
              <TableCell>
                {invoice.hostedInvoiceUrl ? (
                  <a href={invoice.hostedInvoiceUrl} className="underline" target="_blank" rel="noreferrer">
                    {invoice.number ?? invoice.id}
                  </a>
                ) : (
                  (invoice.number ?? invoice.id)
                )}
              </TableCell>
              <TableCell>
                <DateTime value={new Date(invoice.created)} show="date" />
              </TableCell>
              <TableCell className="tabular-nums">
                {formatPrice(invoice.amountDue)} {invoice.currency.toUpperCase()}
              </TableCell>
              <TableCell>
                <Badge variant={invoice.status === "paid" ? "success" : "secondary"}>
                  {invoice.status ?? "draft"}
                </Badge>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
