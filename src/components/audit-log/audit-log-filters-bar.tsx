// The audit log's filters: what kind of action, who, which project, and a range of days. Each change
// rewrites the page's URL, so a filtered view can be shared.
import { useQuery } from "@tanstack/react-query";
import { ANY, ClearFiltersButton, FilterSelect } from "~/components/forms/filter-controls.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { type AuditActionGroup, auditActionGroupIds, auditActionGroups } from "~/lib/audit-actions.ts";
import type { AuditLogSearch } from "~/lib/audit-log-search.ts";
import { useTRPC } from "~/lib/trpc.ts";

export function AuditLogFiltersBar({
  organizationId,
  projects,
  search,
  onChange,
}: {
  organizationId: string;
  projects: Array<{ id: string; name: string }>;
  search: AuditLogSearch;
  onChange: (next: AuditLogSearch) => void;
}) {
  const trpc = useTRPC();
  const { data: actors } = useQuery(trpc.auditLog.actors.queryOptions({ organizationId }));
  const set = (patch: AuditLogSearch) => onChange({ ...search, ...patch });
  const filtered = Object.values(search).some((value) => value !== undefined);
  const reversed = Boolean(search.from && search.to && search.from > search.to);

  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-3 xl:grid-cols-6">
        <FilterSelect
          id="audit-log-group"
          label="Action"
          value={search.group}
          onChange={(group) => set({ group: group as AuditActionGroup | undefined })}
          options={[
            { value: ANY, label: "All actions" },
            ...auditActionGroupIds.map((group) => ({ value: group, label: auditActionGroups[group] })),
          ]}
        />
        <FilterSelect
          id="audit-log-actor"
          label="Who"
          value={search.actor}
          onChange={(actor) => set({ actor })}
          options={[
            { value: ANY, label: "Everyone" },
            ...(actors ?? []).map((actor) => ({ value: actor.id, label: actor.name || actor.email })),
          ]}
        />
        <FilterSelect
          id="audit-log-project"
          label="Project"
          value={search.project}
          onChange={(project) => set({ project })}
          options={[
            { value: ANY, label: "Any project" },
            ...projects.map((project) => ({ value: project.id, label: project.name })),
          ]}
        />
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor="audit-log-from">From</Label>
          <Input
            id="audit-log-from"
            type="date"
            value={search.from ?? ""}
            max={search.to}
            onChange={(event) => set({ from: event.target.value || undefined })}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor="audit-log-to">To</Label>
          <Input
            id="audit-log-to"
            type="date"
            value={search.to ?? ""}
            min={search.from}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? "audit-log-range-error" : undefined}
            onChange={(event) => set({ to: event.target.value || undefined })}
          />
        </div>
        <ClearFiltersButton filtered={filtered} onClear={() => onChange({})} />
      </div>
      {reversed ? (
        <p id="audit-log-range-error" role="alert" className="text-sm text-destructive">
          “From” must be on or before “To”.
        </p>
      ) : null}
    </div>
  );
}
