import { describe, expect, it } from "vitest";
import { auditLogQueryFilters, parseAuditLogSearch } from "./audit-log-search.ts";

describe("audit log search", () => {
  it("keeps valid filters and drops malformed ones instead of failing the page", () => {
    expect(
      parseAuditLogSearch({
        group: "members",
        actor: "u1",
        project: "p1",
        from: "2026-11-01",
        to: "2026-11-30",
      }),
    ).toEqual({ group: "members", actor: "u1", project: "p1", from: "2026-11-01", to: "2026-11-30" });
    expect(
      parseAuditLogSearch({ group: "toString", from: "2026-13-45", to: "yesterday", actor: "" }),
    ).toEqual({});
  });

  it("turns days into instants with the last day included", () => {
    expect(auditLogQueryFilters({ from: "2026-11-01", to: "2026-11-30", actor: "u1" })).toEqual({
      actorId: "u1",
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-12-01T00:00:00.000Z",
    });
  });
});
