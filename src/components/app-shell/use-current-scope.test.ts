import { describe, expect, it } from "vitest";
import { scopeOfPath } from "./use-current-scope.ts";

describe("scopeOfPath", () => {
  it("finds the organization or project of a path", () => {
    expect(scopeOfPath("/app/organization/o1/members")).toEqual({
      kind: "organization",
      organizationId: "o1",
    });
    expect(scopeOfPath("/app/project/p%201")).toEqual({ kind: "project", projectId: "p 1" });
  });

  it("has no scope elsewhere", () => {
    expect(scopeOfPath("/app/dashboard")).toEqual({ kind: "none" });
    expect(scopeOfPath("/app/organization")).toEqual({ kind: "none" });
  });
});
