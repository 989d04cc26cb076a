// The audit log page's URL filters, read without zod (route options ship in every page's entry bundle,
// which the landing page's budget keeps small); the server checks the same fields with zod
// (audit-log-filters.ts). A malformed value is dropped instead of failing the page.
import { type AuditActionGroup, auditActionGroups } from "./audit-actions.ts";

export interface AuditLogSearch {
  group?: AuditActionGroup;
  actor?: string;
  project?: string;
  /** Calendar days (YYYY-MM-DD, UTC like the times shown), both included. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const id = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" && value.length <= 200 ? value.trim() : undefined;
const day = (value: unknown) =>
  typeof value === "string" && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
    ? value
    : undefined;

export function parseAuditLogSearch(input: Record<string, unknown> | AuditLogSearch): AuditLogSearch {
  const search = input as Record<string, unknown>;
  const group =
    typeof search.group === "string" && Object.hasOwn(auditActionGroups, search.group)
      ? search.group
      : undefined;
  const result: AuditLogSearch = {
    group: group as AuditActionGroup | undefined,
    actor: id(search.actor),
    project: id(search.project),
    from: day(search.from),
    to: day(search.to),
  };
  for (const key of Object.keys(result) as Array<keyof AuditLogSearch>) {
    if (result[key] === undefined) delete result[key];
  }
  return result;
}

const DAY_MS = 86_400_000;

/** The page's filters as auditLog.list takes them: days become instants, the last day included. */
export function auditLogQueryFilters(search: AuditLogSearch) {
  return {
    ...(search.group ? { group: search.group } : {}),
    ...(search.actor ? { actorId: search.actor } : {}),
    ...(search.project ? { projectId: search.project } : {}),
    ...(search.from ? { from: `${search.from}T00:00:00.000Z` } : {}),
    ...(search.to ? { to: new Date(Date.parse(`${search.to}T00:00:00Z`) + DAY_MS).toISOString() } : {}),
  };
}
