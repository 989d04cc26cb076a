import { Badge } from "~/components/ui/badge.tsx";

/** Whether an account's sign-in asks for a code after the password (admin users, organization members). */
export function TwoFactorBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <Badge variant="success" title="Two-factor authentication on">
      2FA on
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground" title="Two-factor authentication off">
      2FA off
    </Badge>
  );
}
