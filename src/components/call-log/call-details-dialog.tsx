// One call in full, for debugging: what the agent sent, what went wrong, how long it took, who called,
// and which connection served it (its label then, its name now, personal or shared).

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { Dialog, DialogContent, DialogHeading } from "~/components/ui/dialog.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { formatDuration } from "~/lib/format-duration.ts";
import { type RouterOutputs, useTRPC } from "~/lib/trpc.ts";
import { CallChannelBadge } from "./call-channel-badge.tsx";

type Call = RouterOutputs["callLog"]["get"];

/** The connection that served a call, as the details name it. */
export function connectionText(connection: NonNullable<Call["connection"]>): string {
  const label = connection.label ?? connection.currentName ?? "An unnamed connection";
  const kind =
    connection.personal === null
      ? "no longer exists"
      : connection.personal
        ? "personal: a member's own account"
        : "shared by the organization";
  const renamed =
    connection.currentName && connection.label && connection.currentName !== connection.label
      ? `, now named “${connection.currentName}”`
      : "";
  return `${label} (${kind}${renamed})`;
}

/** Stored arguments pretty-printed; a value cut at the storage cap is not valid JSON and shows as it is. */
function prettyArguments(stored: string): string {
  try {
    return JSON.stringify(JSON.parse(stored), null, 2);
  } catch {
    return stored;
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

export interface CallRef {
  id: string;
  createdAt: Date;
  toolName: string;
}

export function CallDetailsDialog({
  projectId,
  call,
  onClose,
}: {
  projectId: string;
  call: CallRef | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const { data, error, isPending } = useQuery({
    ...trpc.callLog.get.queryOptions({
      projectId,
      callId: call?.id ?? "",
      createdAt: call?.createdAt ?? new Date(0),
    }),
    enabled: call !== null,
  });

  return (
    <Dialog open={call !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeading
          title={call?.toolName}
          titleClassName="font-mono break-all"
          description={call ? <DateTime value={call.createdAt} /> : null}
        />
        {error ? (
          <ErrorText message={error.message} />
        ) : isPending || !data ? (
          <div className="flex flex-col gap-3" role="status" aria-label="Loading the call">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : (
          <dl className="flex flex-col gap-3">
            <Row label="Status">
              {data.status === "success" ? (
                <Badge variant="success">success</Badge>
              ) : (
                <Badge variant="destructive">error</Badge>
              )}
            </Row>
            {data.errorMessage ? (
              <Row label="Error">
                <p className="rounded-md bg-destructive/10 p-2 text-destructive whitespace-pre-wrap">
                  {data.errorMessage}
                </p>
              </Row>
            ) : null}
            {data.decision ? (
              <Row label="Policy">
                <span data-testid="call-decision">{data.decision}</span>
              </Row>
            ) : null}
            <Row label="Duration">{formatDuration(data.durationMs)}</Row>
            <Row label="Server">{data.serverName === "standard" ? "Standard tools" : data.serverName}</Row>
            <Row label="Through">
              <CallChannelBadge channel={data.channel} />
            </Row>
            <Row label="Caller">
              {data.channel === "playground"
                ? "Playground (tried in the app)"
                : data.apiKeyId
                  ? `API key “${data.apiKeyName ?? data.callerName}”`
                  : `OAuth client “${data.oauthClientName ?? data.callerName}”`}
            </Row>
            <Row label="User">
              {data.userName
                ? `${data.userName} (${data.userEmail})`
                : data.attributed
                  ? "A former member of this organization"
                  : "Not attributed to a person"}
            </Row>
            <Row label="Connection">
              {data.connection ? connectionText(data.connection) : "None (no provider account was used)"}
            </Row>
            {data.traceId ? (
              <Row label="Trace">
                <div className="flex items-center gap-2">
                  {data.traceUrl ? (
                    <a
                      href={data.traceUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="font-mono text-xs break-all underline underline-offset-2"
                    >
                      {data.traceId}
                    </a>
                  ) : (
                    <code className="font-mono text-xs break-all">{data.traceId}</code>
                  )}
                  <CopyButton text={data.traceId} label="trace id" />
                </div>
              </Row>
            ) : null}
            <Row label="Arguments">
              {data.arguments ? (
                <div className="flex items-start gap-2">
                  <pre className="max-h-72 min-w-0 flex-1 overflow-auto rounded-md bg-muted p-2 text-xs">
                    {prettyArguments(data.arguments)}
                  </pre>
                  <CopyButton text={data.arguments} label="arguments" />
                </div>
              ) : (
                <span className="text-muted-foreground">Not recorded (calls before the log kept them)</span>
              )}
            </Row>
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
