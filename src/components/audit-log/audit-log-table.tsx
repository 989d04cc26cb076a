// The audit log's rows: when (relative, the exact time on hover and focus), who, what in words, on what,
// in which project. At phone width each event is a stacked row (what and when, then who, then the
// target and project), like the members table, so nothing scrolls sideways.

import { useDateFormat } from "~/components/ui/date-time.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { Tooltip } from "~/components/ui/tooltip.tsx";
import { auditActionLabel } from "~/lib/audit-actions.ts";
import { formatRelative, formatUtc } from "~/lib/format-date.ts";
import type { RouterOutputs } from "~/lib/trpc.ts";

type AuditEventRow = RouterOutputs["auditLog"]["list"]["items"][number];

/** A few details worth reading beside the action (roles, names, plans); the rest stay in the record. */
function detailText(event: AuditEventRow): string | null {
  const d = event.details;
  switch (event.action) {
    case "member.role_changed":
    case "organization.settings_changed":
    case "project.updated":
      return d.from !== undefined && d.to !== undefined ? `${d.from} → ${d.to}` : null;
    case "member.invited":
    case "invitation.accepted":
    case "project_access.granted":
      return d.role ? `as ${d.role}` : null;
    case "subscription.changed":
      return `${d.fromPlan} → ${d.plan}${d.interval ? ` (${d.interval})` : ""}${d.cancelAtPeriodEnd ? ", cancels at period end" : ""}`;
    case "api_key.created":
    case "api_key.revoked":
      return typeof d.masked === "string" ? d.masked : null;
    default:
      return null;
  }
}

function When({ at }: { at: Date }) {
  const exact = useDateFormat().dateTime(at);
  return (
    <Tooltip
      content={
        <>
          {exact}
          <span className="block opacity-80">{formatUtc(at)}</span>
        </>
      }
    >
      <time
        dateTime={new Date(at).toISOString()}
        className="cursor-help whitespace-nowrap underline decoration-dotted underline-offset-4"
        suppressHydrationWarning
      >
        {formatRelative(at)}
        {/* The exact time for screen readers, which never see the hover. */}
        <span className="sr-only">, {exact}</span>
      </time>
    </Tooltip>
  );
}

const phoneCell = "max-sm:col-span-2 max-sm:px-1 max-sm:py-0.5";

export function AuditLogTable({ events }: { events: AuditEventRow[] }) {
  return (
    <Table className="max-sm:block">
      <TableHeader className="max-sm:sr-only">
        <TableRow>
          <TableHead>Time</TableHead>
          <TableHead>Who</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Target</TableHead>
          <TableHead>Project</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-sm:block">
        {events.map((event) => {
          const detail = detailText(event);
          return (
            <TableRow
              key={event.id}
              className="max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:items-baseline max-sm:gap-x-3 max-sm:py-2"
            >
              <TableCell className="align-top text-muted-foreground max-sm:col-start-2 max-sm:row-start-1 max-sm:px-1 max-sm:py-0.5 max-sm:text-xs">
                <When at={event.createdAt} />
              </TableCell>
              <TableCell className={`align-top ${phoneCell}`}>
                {event.actorUserId || event.actorEmail ? (
                  <div className="flex min-w-0 flex-col">
                    <span className="font-medium">{event.actorName || event.actorEmail}</span>
                    <span className="text-xs text-muted-foreground max-sm:break-all">{event.actorEmail}</span>
                  </div>
                ) : (
                  <span className="text-muted-foreground">System</span>
                )}
              </TableCell>
              <TableCell className="align-top max-sm:col-start-1 max-sm:row-start-1 max-sm:px-1 max-sm:py-0.5">
                <span className="font-medium sm:font-normal sm:whitespace-nowrap">
                  {auditActionLabel(event.action)}
                </span>
                {detail ? <span className="block text-xs text-muted-foreground">{detail}</span> : null}
              </TableCell>
              <TableCell className={`align-top break-words ${phoneCell} max-sm:text-sm`}>
                {event.targetLabel ? (
                  <>
                    <span className="text-muted-foreground sm:hidden">On </span>
                    {event.targetLabel}
                  </>
                ) : (
                  <span className="text-muted-foreground max-sm:hidden">—</span>
                )}
              </TableCell>
              <TableCell
                className={`align-top ${phoneCell} max-sm:text-sm ${event.projectName ? "" : "max-sm:hidden"}`}
              >
                {event.projectName ? (
                  <>
                    <span className="text-muted-foreground sm:hidden">Project </span>
                    {event.projectName}
                  </>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
