// When a scheduled agent runs (issue 39): the simple choices a form offers (daily at a time, weekly on a
// day) and a cron expression for anything else, all stored as a five-field cron in a time zone. Shared by
// the schedule form and the server, so both give the same message for the same input. Whether a cron
// expression and a time zone are real is checked by the server (cron-parser, which browsers never
// load), and its answer comes back beside the field.
import { z } from "zod";
import { agentRequestField } from "./validation.ts";

export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
export const scheduleKinds = ["daily", "weekly", "cron"] as const;
export type ScheduleKind = (typeof scheduleKinds)[number];

export const SCHEDULE_TIME_MESSAGE = "Enter a time as HH:MM (24-hour)";
export const WEEKDAY_MESSAGE = "Choose a day of the week";
export const CRON_FIELDS_MESSAGE =
  "Use five fields: minute, hour, day of month, month, day of week (for example 0 9 * * 1-5)";
export const TIME_ZONE_MESSAGE = "Choose a time zone";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The schedule form's fields; only those of the chosen kind are read. */
export const scheduleFormSchema = /* @__PURE__ */ z
  .object({
    kind: z.enum(scheduleKinds),
    time: z.string().trim(),
    weekday: z.string(),
    cron: z.string().trim().max(120, CRON_FIELDS_MESSAGE),
    timeZone: z.string().trim().min(1, TIME_ZONE_MESSAGE).max(64, TIME_ZONE_MESSAGE),
    request: agentRequestField,
  })
  .superRefine((form, context) => {
    if (form.kind !== "cron" && !TIME.test(form.time))
      context.addIssue({ code: "custom", path: ["time"], message: SCHEDULE_TIME_MESSAGE });
    if (form.kind === "weekly" && !/^[0-6]$/.test(form.weekday))
      context.addIssue({ code: "custom", path: ["weekday"], message: WEEKDAY_MESSAGE });
    if (form.kind === "cron" && form.cron.split(/\s+/).length !== 5)
      context.addIssue({ code: "custom", path: ["cron"], message: CRON_FIELDS_MESSAGE });
  });
export type ScheduleForm = z.infer<typeof scheduleFormSchema>;

/** The five-field cron expression a form stands for. */
export function cronOf(form: Pick<ScheduleForm, "kind" | "time" | "weekday" | "cron">): string {
  if (form.kind === "cron") return form.cron.split(/\s+/).join(" ");
  const [hours, minutes] = form.time.split(":").map(Number);
  return form.kind === "daily" ? `${minutes} ${hours} * * *` : `${minutes} ${hours} * * ${form.weekday}`;
}

/** A cron expression in words where it is one of the simple choices, else the expression itself. */
export function describeCron(cron: string): string {
  const simple = /^(\d{1,2}) (\d{1,2}) \* \* (\*|[0-6])$/.exec(cron);
  if (!simple) return `Cron ${cron}`;
  const [, minutes, hours, weekday] = simple as unknown as [string, string, string, string];
  const time = `${hours.padStart(2, "0")}:${minutes.padStart(2, "0")}`;
  return weekday === "*" ? `Daily at ${time}` : `Every ${WEEKDAYS[Number(weekday)]} at ${time}`;
}
