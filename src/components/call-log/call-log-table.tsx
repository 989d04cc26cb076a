// The call log's rows. Each row opens the call's details; on a phone the caller and time move under the
// tool's name so nothing needs a sideways scroll. The caller comes with the person the call is
// attributed to and the connection that served it ("via Support inbox").

import { Badge } from "~/components/ui/badge.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { formatDuration } from "~/lib/format-duration.ts";
import type { RouterOutputs } from "~/lib/trpc.ts";
import { CallChannelBadge } from "./call-channel-badge.tsx";
import type { CallRef } from "./call-details-dialog.tsx";

type Call = RouterOutputs["callLog"]["list"]["items"][number];

/** The person a call is attributed to, as a row names them; null when it is attributed to no one. */
export function callPerson(call: Pick<Call, "personName" | "attributed">): string | null {
  if (call.personName) return call.personName;
  return call.attributed ? "Former member" : null;
}

/** The connection that served a call, as a row names it ("via Support inbox"); null when none did. */
export function callConnection(call: Pick<Call, "connectionId" | "connectionLabel">): string | null {
  if (!call.connectionId) return null;
  return `via ${call.connectionLabel ?? "an unnamed connection"}`;
}

export function CallLogTable({ calls, onOpen }: { calls: Call[]; onOpen: (call: CallRef) => void }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="hidden md:table-cell">When</TableHead>
          <TableHead>Tool</TableHead>
          <TableHead className="hidden sm:table-cell">Caller</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Duration</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {calls.map((call) => {
          const person = callPerson(call);
          const connection = callConnection(call);
          return (
            <TableRow key={call.id}>
              <TableCell className="hidden md:table-cell whitespace-nowrap">
                <DateTime value={call.createdAt} />
              </TableCell>
              <TableCell className="max-w-0 w-full sm:w-auto sm:max-w-none">
                <button
                  type="button"
                  onClick={() => onOpen(call)}
                  className="rounded-sm text-left font-mono text-xs break-all underline-offset-4 outline-none hover:underline focus-visible:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {call.toolName}
                </button>
                <span className="mt-1 flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                  {call.serverName === "standard" ? "Standard tools" : call.serverName}
                  <CallChannelBadge channel={call.channel} />
                  <span className="sm:hidden">· {call.callerName}</span>
                  {person ? <span className="sm:hidden">· {person}</span> : null}
                  {connection ? <span className="sm:hidden">· {connection}</span> : null}
                  <span className="md:hidden">
                    · <DateTime value={call.createdAt} />
                  </span>
                </span>
                {call.errorMessage ? (
                  <span className="mt-1 block truncate text-xs text-destructive" title={call.errorMessage}>
                    {call.errorMessage}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                {call.callerName}
                {person || connection ? (
                  <span className="mt-1 block text-xs text-muted-foreground">
                    {[person, connection].filter(Boolean).join(" · ")}
                  </span>
                ) : null}
              </TableCell>
              <TableCell>
                {call.status === "success" ? (
                  <Badge variant="success">success</Badge>
                ) : (
                  <Badge variant="destructive">error</Badge>
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums whitespace-nowrap">
                {formatDuration(call.durationMs)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
