// A notice in the flow of a page (requests near the plan's limit, broken connections, an account just
// connected): an icon and the news on a tinted panel, read out politely as it appears.
import { CircleCheck, TriangleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn.ts";

const tones = {
  warning: { panel: "border-warning/50 bg-warning/15", icon: TriangleAlertIcon, iconColor: undefined },
  success: { panel: "border-success/40 bg-success/10", icon: CircleCheck, iconColor: "text-success" },
} as const;

export function StatusNotice({
  tone,
  children,
  "data-testid": testId,
}: {
  tone: keyof typeof tones;
  /** The message, beside the icon; a row of its own (text, then e.g. a dismiss button) where it has more. */
  children: ReactNode;
  "data-testid"?: string;
}) {
  const { panel, icon: Icon, iconColor } = tones[tone];
  return (
    <div
      role="status"
      className={cn("flex items-start gap-2 rounded-md border px-3 py-2 text-sm", panel)}
      data-testid={testId}
    >
      <Icon className={cn("mt-0.5 size-4 shrink-0", iconColor)} aria-hidden="true" />
      {children}
    </div>
  );
}
