import { callChannelLabels } from "~/components/call-log/call-channel-badge.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { formatDuration } from "~/lib/format-duration.ts";
import type { RouterOutputs } from "~/lib/trpc.ts";

type Call = RouterOutputs["project"]["getProjectStats"]["calls"]["latestCalls"][number];

export function LatestCallsTable({ calls }: { calls: Call[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Tool</TableHead>
          <TableHead className="hidden sm:table-cell">Caller</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Duration</TableHead>
          <TableHead className="hidden md:table-cell text-right">When</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {calls.map((call) => (
          <TableRow key={call.id}>
            <TableCell>
              <code className="text-xs">{call.toolName}</code>
              <span className="block text-xs text-muted-foreground">
                {call.serverName} · {callChannelLabels[call.channel]}
              </span>
            </TableCell>
            <TableCell className="hidden sm:table-cell">{call.callerName}</TableCell>
            <TableCell>
              {call.status === "success" ? (
                <Badge variant="success">success</Badge>
              ) : (
                <Badge variant="destructive" title={call.errorMessage ?? undefined}>
                  error
                </Badge>
              )}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatDuration(call.durationMs)}</TableCell>
            <TableCell className="hidden md:table-cell text-right">
              <DateTime value={call.createdAt} show="relative" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
