// What the API key and management token tables show alike for a secret: its status badge's colour, who
// made it and when, its last use and expiry, and Revoke behind a confirmation.
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { ItemActionButton } from "~/components/ui/item-action-button.tsx";
import { TableCell } from "~/components/ui/table.tsx";

export const secretStatusVariant = { active: "success", expired: "warning", revoked: "outline" } as const;

interface SecretDates {
  createdBy: { name: string; email: string };
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
  expiresAt: Date | string | null;
}

/** The created-by, last-used and expiry cells; `createdClassName` says from which width the first shows. */
export function SecretDateCells({
  secret,
  createdClassName,
}: {
  secret: SecretDates;
  createdClassName: string;
}) {
  return (
    <>
      <TableCell className={createdClassName}>
        <span title={secret.createdBy.email}>{secret.createdBy.name}</span>
        <DateTime value={secret.createdAt} show="date" className="block text-xs text-muted-foreground" />
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        {secret.lastUsedAt ? <DateTime value={secret.lastUsedAt} show="relative" /> : "Never"}
      </TableCell>
      <TableCell className="hidden lg:table-cell">
        {secret.expiresAt ? <DateTime value={secret.expiresAt} show="date" /> : "Never"}
      </TableCell>
    </>
  );
}

export function RevokeSecretDialog({
  title,
  subject,
  description,
  verb,
  onConfirm,
}: {
  title: string;
  subject: string;
  description: string;
  verb?: string;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      trigger={<ItemActionButton>Revoke</ItemActionButton>}
      title={title}
      subject={subject}
      verb={verb}
      description={description}
      confirmLabel="Revoke"
      onConfirm={onConfirm}
    />
  );
}
