// An agent's schedules, on its runs page: each runs the stored request at its times as the person who set
// it. Anyone who may run agents sets one (daily at, weekly on, or a cron expression, in a time zone);
// its setter, editors and admins pause, resume or remove it. A stopped schedule says why. Each run's
// answer can be e-mailed to members ticked when it is set.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { messageOf } from "~/components/forms/form-errors.ts";
import { useInlineForm } from "~/components/forms/use-inline-form.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { ItemActionButton } from "~/components/ui/item-action-button.tsx";
import { QueryStates } from "~/components/ui/query-states.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { BusySkeletons } from "~/components/ui/skeleton.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { describeCron, type ScheduleKind, scheduleFormSchema, WEEKDAYS } from "~/lib/agents/schedule.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { ChoiceSelect } from "./choice-select.tsx";
import { emailedTo, ResultRecipientsField } from "./result-recipients-field.tsx";

const KIND_LABELS: Record<ScheduleKind, string> = {
  daily: "Every day",
  weekly: "Every week",
  cron: "Cron expression",
};

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

const timeZones = (): string[] => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return ["UTC"];
  }
};

export function AgentSchedulesCard({
  projectId,
  agentId,
  canSchedule,
}: {
  projectId: string;
  agentId: string;
  canSchedule: boolean;
}) {
  const trpc = useTRPC();
  const schedules = useQuery(trpc.projectAgents.listSchedules.queryOptions({ projectId, agentId }));

  return (
    <SectionCard
      title="Schedules"
      description={
        'The agent runs the request at these times on its own, as the person who set the schedule (with their connected accounts). A run it started is marked "Schedule" under Past runs.'
      }
      contentClassName="flex flex-col gap-6"
    >
      <QueryStates
        query={schedules}
        what="The schedules"
        pending={<BusySkeletons sizes={["h-12 w-full"]} />}
        empty={
          <EmptyState
            icon={CalendarClock}
            title="No schedule yet"
            description={
              canSchedule
                ? "Add one below to run this agent every day, every week or on a cron expression."
                : "Project editors and admins can schedule this agent."
            }
          />
        }
      >
        {(list) => (
          <ul className="flex flex-col gap-3" aria-label="Schedules">
            {list.map((schedule) => (
              <ScheduleRow key={schedule.id} projectId={projectId} schedule={schedule} />
            ))}
          </ul>
        )}
      </QueryStates>
      {canSchedule ? <NewScheduleForm projectId={projectId} agentId={agentId} /> : null}
    </SectionCard>
  );
}

interface ScheduleView {
  id: string;
  cron: string;
  timeZone: string;
  request: string;
  deliverTo: string[];
  enabled: boolean;
  stoppedReason: string | null;
  lastRunAt: Date | string | null;
  nextRunAt: Date | string | null;
  createdBy: { name: string; email: string };
}

function ScheduleRow({ projectId, schedule }: { projectId: string; schedule: ScheduleView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setEnabled = useMutation(trpc.projectAgents.setScheduleEnabled.mutationOptions());
  const remove = useMutation(trpc.projectAgents.deleteSchedule.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.projectAgents.listSchedules.pathKey() });
  const toggle = async () => {
    setError(null);
    try {
      await setEnabled.mutateAsync({ projectId, scheduleId: schedule.id, enabled: !schedule.enabled });
      await refresh();
    } catch (caught) {
      setError(messageOf(caught));
    }
  };
  const status = schedule.enabled ? null : schedule.stoppedReason ? "Stopped" : "Paused";

  return (
    <li className="flex flex-col gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {describeCron(schedule.cron)} <span className="text-muted-foreground">({schedule.timeZone})</span>
        </span>
        {status ? <Badge variant="secondary">{status}</Badge> : null}
      </div>
      <p className="line-clamp-2 break-words">{schedule.request}</p>
      <p className="text-xs text-muted-foreground">
        Runs as {schedule.createdBy.name}
        {emailedTo(schedule.deliverTo.length)}
        {schedule.nextRunAt ? (
          <>
            {" · next "}
            <DateTime value={schedule.nextRunAt} />
          </>
        ) : null}
        {schedule.lastRunAt ? (
          <>
            {" · last "}
            <DateTime value={schedule.lastRunAt} />
          </>
        ) : null}
      </p>
      {schedule.stoppedReason ? <p className="text-xs text-destructive">{schedule.stoppedReason}</p> : null}
      {error ? <p className="text-xs text-destructive">{error}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void toggle()} disabled={setEnabled.isPending}>
          {schedule.enabled ? "Pause" : "Resume"}
        </Button>
        <ConfirmDialog
          trigger={<ItemActionButton>Remove</ItemActionButton>}
          title="Remove schedule"
          subject={describeCron(schedule.cron)}
          description="The agent stops running on this schedule. Past runs stay."
          confirmLabel="Remove"
          onConfirm={async () => {
            await remove.mutateAsync({ projectId, scheduleId: schedule.id });
            await refresh();
            toast.success("Schedule removed");
          }}
        />
      </div>
    </li>
  );
}

function NewScheduleForm({ projectId, agentId }: { projectId: string; agentId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.projectAgents.createSchedule.mutationOptions());
  const [zones] = useState(timeZones);
  const [deliverTo, setDeliverTo] = useState<string[]>([]);
  const form = useInlineForm({
    schema: scheduleFormSchema,
    initial: {
      kind: "daily",
      time: "09:00",
      weekday: "1",
      cron: "",
      timeZone: browserTimeZone(),
      request: "",
    },
    save: (data) => create.mutateAsync({ ...data, deliverTo, projectId, agentId }),
    onSaved: async () => {
      form.update("request", "");
      setDeliverTo([]);
      await queryClient.invalidateQueries({ queryKey: trpc.projectAgents.listSchedules.pathKey() });
      toast.success("Schedule added");
    },
  });
  const { values, errors } = form;
  const kind = values.kind as ScheduleKind;

  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4" aria-label="New schedule">
      <h3 className="text-sm font-semibold">New schedule</h3>
      <FormAlert message={form.serverError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Repeats" error={errors.kind}>
          <ChoiceSelect
            value={kind}
            onChange={(value) => form.update("kind", value)}
            options={(Object.keys(KIND_LABELS) as ScheduleKind[]).map((each) => [each, KIND_LABELS[each]])}
          />
        </FormField>
        {kind === "weekly" ? (
          <FormField label="Day" error={errors.weekday}>
            <ChoiceSelect
              value={values.weekday}
              onChange={(value) => form.update("weekday", value)}
              options={WEEKDAYS.map((day, index) => [String(index), day])}
              placeholder="Choose a day"
            />
          </FormField>
        ) : null}
        {kind === "cron" ? (
          <FormField
            label="Cron expression"
            error={errors.cron}
            hint="Minute, hour, day of month, month, day of week: 0 9 * * 1-5 is 09:00 on weekdays."
          >
            <Input
              value={values.cron}
              onChange={(event) => form.update("cron", event.target.value)}
              placeholder="0 9 * * 1-5"
              className="font-mono"
            />
          </FormField>
        ) : (
          <FormField label="Time" error={errors.time}>
            <Input
              type="time"
              value={values.time}
              onChange={(event) => form.update("time", event.target.value)}
            />
          </FormField>
        )}
        <FormField label="Time zone" error={errors.timeZone}>
          <Input
            list="schedule-time-zones"
            value={values.timeZone}
            onChange={(event) => form.update("timeZone", event.target.value)}
            autoComplete="off"
          />
        </FormField>
        <datalist id="schedule-time-zones">
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </div>
      <FormField label="Scheduled request" error={errors.request}>
        <Textarea
          rows={2}
          value={values.request}
          onChange={(event) => form.update("request", event.target.value)}
        />
      </FormField>
      <ResultRecipientsField projectId={projectId} value={deliverTo} onChange={setDeliverTo} />
      <div>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? "Adding…" : "Add schedule"}
        </Button>
      </div>
    </form>
  );
}
