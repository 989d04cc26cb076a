// The call log's filters. Each change rewrites the page's URL, so a filtered view can be shared or
// linked to (the overview's "Errors" figure links to the failed calls this way).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { ANY, ClearFiltersButton, FilterSelect } from "~/components/forms/filter-controls.tsx";
import { useDateFormat } from "~/components/ui/date-time.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import type { CallLogView } from "~/lib/call-log-filters.ts";
import { type RouterOutputs, useTRPC } from "~/lib/trpc.ts";

type FilterOptions = RouterOutputs["callLog"]["filterOptions"];

const CUSTOM = "custom";
const RANGES = [
  { value: "1h", label: "Last hour", ms: 3_600_000 },
  { value: "24h", label: "Last 24 hours", ms: 86_400_000 },
  { value: "7d", label: "Last 7 days", ms: 7 * 86_400_000 },
  { value: "30d", label: "Last 30 days", ms: 30 * 86_400_000 },
];

/** The current time range in words, for the select's "custom" entry (a link's or an earlier choice). */
function rangeText({ from, to }: CallLogView, dateTime: (value: string) => string): string {
  if (from && to) return `${dateTime(from)} to ${dateTime(to)}`;
  if (from) return `Since ${dateTime(from)}`;
  return `Before ${dateTime(to ?? "")}`;
}

/**
 * The person and connection selects' entries: everyone offered, and the URL's value if it is not among
 * them (someone no longer in the organization, another project's connection), so the select names it.
 */
export function personAndConnectionOptions(options: FilterOptions | undefined, search: CallLogView) {
  const people = (options?.people ?? []).map((person) => ({
    value: person.value,
    label: `${person.name} (${person.email})`,
  }));
  const connections = (options?.connections ?? []).map((connection) => ({
    value: connection.value,
    label: connection.name,
  }));
  if (search.person && !people.some((person) => person.value === search.person)) {
    people.push({ value: search.person, label: "Someone not in this organization" });
  }
  if (search.connection && !connections.some((connection) => connection.value === search.connection)) {
    connections.push({ value: search.connection, label: "A connection that served no call here" });
  }
  return {
    people: [{ value: ANY, label: "All people" }, ...people],
    connections: [{ value: ANY, label: "All connections" }, ...connections],
  };
}

export function CallLogFiltersBar({
  projectId,
  search,
  onChange,
}: {
  projectId: string;
  search: CallLogView;
  onChange: (next: CallLogView) => void;
}) {
  const trpc = useTRPC();
  const dates = useDateFormat();
  // The current person and connection go along, so one from a link is named however old its calls.
  const { data: options } = useQuery({
    ...trpc.callLog.filterOptions.queryOptions({
      projectId,
      person: search.person,
      connection: search.connection,
    }),
    placeholderData: keepPreviousData,
  });
  const { people, connections } = personAndConnectionOptions(options, search);
  const [tool, setTool] = useState(search.tool ?? "");
  useEffect(() => setTool(search.tool ?? ""), [search.tool]);
  const set = (patch: CallLogView) => onChange({ ...search, ...patch });
  const submitTool = (event: FormEvent) => {
    event.preventDefault();
    set({ tool: tool.trim() || undefined });
  };
  const hasRange = Boolean(search.from || search.to);
  const filtered = Object.values(search).some((value) => value !== undefined);

  return (
    <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-3 xl:grid-cols-4">
      <form onSubmit={submitTool} className="col-span-2 flex min-w-0 flex-col gap-1.5 md:col-span-1">
        <Label htmlFor="call-log-tool">Tool</Label>
        <Input
          id="call-log-tool"
          type="search"
          placeholder="Part of a tool's name"
          value={tool}
          onChange={(event) => setTool(event.target.value)}
          onBlur={() => (tool.trim() || undefined) !== search.tool && set({ tool: tool.trim() || undefined })}
        />
      </form>
      <FilterSelect
        id="call-log-server"
        label="Server"
        value={search.server}
        onChange={(server) => set({ server })}
        options={[
          { value: ANY, label: "All servers" },
          ...(options?.servers ?? []).map((server) => ({ value: server.value, label: server.name })),
        ]}
      />
      <FilterSelect
        id="call-log-status"
        label="Status"
        value={search.status}
        onChange={(status) => set({ status: status as CallLogView["status"] })}
        options={[
          { value: ANY, label: "Any status" },
          { value: "success", label: "Succeeded" },
          { value: "error", label: "Failed" },
        ]}
      />
      <FilterSelect
        id="call-log-caller"
        label="Caller"
        value={search.caller}
        onChange={(caller) => set({ caller })}
        options={[
          { value: ANY, label: "Everyone" },
          { value: "agents", label: "Agents (no playground)" },
          { value: "playground", label: "Playground runs" },
          ...(options?.callers ?? []).map((caller) => ({ value: caller.value, label: caller.name })),
        ]}
      />
      <FilterSelect
        id="call-log-person"
        label="Person"
        value={search.person}
        onChange={(person) => set({ person })}
        options={people}
      />
      <FilterSelect
        id="call-log-connection"
        label="Connection"
        value={search.connection}
        onChange={(connection) => set({ connection })}
        options={connections}
      />
      <FilterSelect
        id="call-log-range"
        label="Time range"
        value={hasRange ? CUSTOM : undefined}
        onChange={(value) => {
          const range = RANGES.find((candidate) => candidate.value === value);
          if (value === CUSTOM) return;
          set({ from: range ? new Date(Date.now() - range.ms).toISOString() : undefined, to: undefined });
        }}
        options={[
          { value: ANY, label: "Any time" },
          ...RANGES.map(({ value, label }) => ({ value, label })),
          ...(hasRange ? [{ value: CUSTOM, label: rangeText(search, dates.dateTime) }] : []),
        ]}
      />
      <ClearFiltersButton filtered={filtered} onClear={() => onChange({})} />
    </div>
  );
}
