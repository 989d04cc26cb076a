import { describe, expect, it } from "vitest";
import { integrationNames } from "./integration-names.ts";
import { filterUseCases, useCases } from "./use-cases.ts";
import { parseUseCasesSearch } from "./use-cases-search.ts";

describe("use cases", () => {
  it("cover sales, support, HR and project management, each naming known integrations", () => {
    const teams = new Set(useCases.map((useCase) => useCase.team));
    for (const team of ["Sales", "Customer support", "HR", "Project management"])
      expect(teams).toContain(team);
    for (const useCase of useCases) {
      expect(useCase.integrations.length).toBeGreaterThan(0);
      for (const id of useCase.integrations) expect(integrationNames).toHaveProperty(id);
    }
    expect(new Set(useCases.map((useCase) => useCase.id)).size).toBe(useCases.length);
  });

  it("returns everything for an empty search", () => {
    expect(filterUseCases(undefined)).toHaveLength(useCases.length);
    expect(filterUseCases("   ")).toHaveLength(useCases.length);
  });

  it("matches integration names, teams and text, case- and accent-insensitively", () => {
    expect(filterUseCases("jira").map((u) => u.id)).toEqual(["ticket-triage", "status-report"]);
    expect(filterUseCases("HR").map((u) => u.team)).toEqual(["HR", "HR"]);
    expect(filterUseCases("hub").map((u) => u.id)).toEqual(["pipeline-review", "campaign-report"]);
    expect(filterUseCases("hubspot campaign").map((u) => u.id)).toEqual(["campaign-report"]);
    expect(filterUseCases("ÓNBOARDING").map((u) => u.id)).toEqual(["onboarding"]);
  });

  it("finds nothing for unrelated words", () => {
    expect(filterUseCases("submarine")).toEqual([]);
  });
});

describe("/use-cases search parameter", () => {
  it("is optional free text, trimmed and bounded", () => {
    expect(parseUseCasesSearch({})).toEqual({});
    expect(parseUseCasesSearch({ search: "  " })).toEqual({});
    expect(parseUseCasesSearch({ search: " jira " })).toEqual({ search: "jira" });
    expect(parseUseCasesSearch({ search: ["sales", "hr"] })).toEqual({ search: "sales" });
    expect(parseUseCasesSearch({ search: "x".repeat(300) }).search).toHaveLength(100);
  });
});
