// The settings pages' last card: deleting what the page is about, behind a confirmation where the person
// types its name. The red border says it cannot be undone.
import { ActionCard } from "./action-card.tsx";
import { Button } from "./button.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";

export function DeleteCard({
  what,
  description,
  subject,
  consequence,
  onDelete,
}: {
  /** What is deleted ("project"): the card's title, its button and the confirmation read "Delete <what>". */
  what: string;
  /** The card's line on what deleting takes with it. */
  description: string;
  /** Its name, typed to confirm. */
  subject: string;
  /** The confirmation's own line, where it says more than the card. */
  consequence?: string;
  onDelete: () => Promise<unknown>;
}) {
  const label = `Delete ${what}`;
  return (
    <ActionCard className="border-destructive/50" title={label} description={description}>
      <ConfirmDialog
        trigger={<Button variant="destructive">{label}</Button>}
        title={label}
        subject={subject}
        description={consequence}
        requireTyping
        onConfirm={onDelete}
      />
    </ActionCard>
  );
}
