import { describe, expect, it } from "vitest";
import {
  grantsScope,
  type ManagementScope,
  managementFamilies,
  managementScopes,
  normalizeScopes,
} from "./management-scopes.ts";

describe("grantsScope", () => {
  // Every scope against every family and access: write implies read, a global scope covers every
  // family, a family scope covers only its own.
  it.each(managementScopes)("%s grants exactly what it should", (scope) => {
    for (const family of managementFamilies) {
      const [scopeFamily, scopeAccess] = scope.includes(":") ? scope.split(":") : [null, scope];
      const coversFamily = scopeFamily === null || scopeFamily === family;
      expect(grantsScope([scope], family, "read")).toBe(coversFamily);
      expect(grantsScope([scope], family, "write")).toBe(coversFamily && scopeAccess === "write");
    }
  });

  it("reads the table for a few cases by name", () => {
    expect(grantsScope(["read"], "projects", "read")).toBe(true);
    expect(grantsScope(["read"], "projects", "write")).toBe(false);
    expect(grantsScope(["write"], "webhooks", "read")).toBe(true);
    expect(grantsScope(["projects:write"], "projects", "read")).toBe(true);
    expect(grantsScope(["projects:write"], "members", "read")).toBe(false);
    expect(grantsScope(["projects:read", "calls:write"], "calls", "write")).toBe(true);
    expect(grantsScope([], "usage", "read")).toBe(false);
    expect(grantsScope(["projects:admin", "*"], "projects", "read")).toBe(false);
  });

  it("lists 26 scopes: two global and two per family", () => {
    expect(managementScopes).toHaveLength(2 + 2 * managementFamilies.length);
    expect(new Set(managementScopes).size).toBe(managementScopes.length);
  });
});

describe("normalizeScopes", () => {
  const cases: [ManagementScope[], ManagementScope[]][] = [
    [["write", "read", "projects:read"], ["write"]],
    [["projects:read", "read"], ["read"]],
    [
      ["read", "projects:write"],
      ["read", "projects:write"],
    ],
    [
      ["projects:read", "projects:write", "calls:read"],
      ["projects:write", "calls:read"],
    ],
    [["calls:read", "calls:read"], ["calls:read"]],
  ];
  it.each(cases)("%j → %j", (given, expected) => {
    expect(normalizeScopes(given)).toEqual(expected);
  });

  it("never changes what is granted", () => {
    const given: ManagementScope[] = ["read", "projects:write", "projects:read", "keys:read"];
    const normalized = normalizeScopes(given);
    for (const family of managementFamilies) {
      for (const access of ["read", "write"] as const) {
        expect(grantsScope(normalized, family, access)).toBe(grantsScope(given, family, access));
      }
    }
  });
});
