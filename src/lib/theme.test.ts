import { describe, expect, it } from "vitest";
import { mergeThemes, parseTheme, resolveTheme, serializeTheme } from "./theme.ts";

describe("theme cookie value", () => {
  it("round-trips every preference", () => {
    for (const theme of [
      { preference: "light" },
      { preference: "dark" },
      { preference: "system" },
      { preference: "system", lastSystemTheme: "dark" },
      { preference: "system", lastSystemTheme: "light" },
    ] as const) {
      expect(parseTheme(serializeTheme(theme))).toEqual(theme);
    }
  });

  it("drops lastSystemTheme unless the preference is system", () => {
    expect(serializeTheme({ preference: "dark", lastSystemTheme: "light" })).toBe("dark");
    expect(parseTheme("dark:light")).toEqual({ preference: "dark" });
  });

  it("rejects unknown values", () => {
    expect(parseTheme(undefined)).toBeNull();
    expect(parseTheme("")).toBeNull();
    expect(parseTheme("blue")).toBeNull();
    expect(parseTheme("system:blue")).toBeNull();
  });
});

describe("mergeThemes", () => {
  it("prefers the account's preference over the cookie", () => {
    expect(mergeThemes({ preference: "light" }, { preference: "dark" })).toEqual({ preference: "dark" });
  });

  it("falls back to the cookie, then to system", () => {
    expect(mergeThemes({ preference: "light" }, null)).toEqual({ preference: "light" });
    expect(mergeThemes(null, null)).toEqual({ preference: "system" });
  });

  it("takes this device's last OS theme from the cookie first", () => {
    expect(
      mergeThemes(
        { preference: "system", lastSystemTheme: "dark" },
        { preference: "system", lastSystemTheme: "light" },
      ),
    ).toEqual({ preference: "system", lastSystemTheme: "dark" });
    expect(mergeThemes({ preference: "light" }, { preference: "system", lastSystemTheme: "light" })).toEqual({
      preference: "system",
      lastSystemTheme: "light",
    });
  });
});

describe("resolveTheme", () => {
  it("uses explicit preferences as they are", () => {
    expect(resolveTheme({ preference: "dark" }, "light")).toBe("dark");
    expect(resolveTheme({ preference: "light" }, "dark")).toBe("light");
  });

  it("under system uses the live OS value, then the last one seen, then light", () => {
    expect(resolveTheme({ preference: "system", lastSystemTheme: "light" }, "dark")).toBe("dark");
    expect(resolveTheme({ preference: "system", lastSystemTheme: "dark" })).toBe("dark");
    expect(resolveTheme({ preference: "system" })).toBe("light");
  });
});
