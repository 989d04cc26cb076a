import { describe, expect, it } from "vitest";
import { fallbackPageTitle } from "./page-title.ts";

const trpcError = (code: string, httpStatus: number) =>
  Object.assign(new Error("no"), { data: { code, httpStatus, zodError: null } });

describe("fallbackPageTitle", () => {
  it("names a 404 and a failed load in the tab, and stays 'Portico' otherwise", () => {
    expect(fallbackPageTitle([{ status: "success" }, { status: "notFound" }])).toBe(
      "Page not found · Portico",
    );
    expect(
      fallbackPageTitle([{ status: "success" }, { status: "error", error: trpcError("NOT_FOUND", 404) }]),
    ).toBe("Page not found · Portico");
    expect(fallbackPageTitle([{ status: "error", error: trpcError("FORBIDDEN", 403) }])).toBe(
      "Error · Portico",
    );
    expect(fallbackPageTitle([{ status: "error", error: new TypeError("Failed to fetch") }])).toBe(
      "Error · Portico",
    );
    expect(fallbackPageTitle([{ status: "success" }, { status: "pending" }])).toBe("Portico");
  });
});
