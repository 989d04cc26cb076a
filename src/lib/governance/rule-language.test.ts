import { describe, expect, it } from "vitest";
import { compileCondition } from "./rule-language.ts";

const context = (args: Record<string, unknown>) => ({
  args,
  caller: { person: "u1", kind: "oauth", name: "Claude" },
  tool: { name: "send_email", server: "gmail" },
});

describe("policy conditions in CEL", () => {
  it("decides on arguments and caller", () => {
    const outside = compileCondition('!args.to.endsWith("@acme.com")');
    if (!outside.ok) throw new Error(outside.error);
    expect(outside.condition(context({ to: "jana@globex.cz" }))).toBe(true);
    expect(outside.condition(context({ to: "petr@acme.com" }))).toBe(false);
    const amount = compileCondition('has(args.amount) && args.amount > 10000 && caller.kind == "oauth"');
    if (!amount.ok) throw new Error(amount.error);
    expect(amount.condition(context({ amount: 20_000 }))).toBe(true);
    expect(amount.condition(context({ amount: 500 }))).toBe(false);
    expect(amount.condition(context({}))).toBe(false);
  });

  it("a condition that fails while evaluated (a missing argument) does not hold", () => {
    const check = compileCondition('args.calendar == "Board"');
    if (!check.ok) throw new Error(check.error);
    expect(check.condition(context({}))).toBe(false);
  });

  it("refuses what is not a boolean CEL condition, saying why", () => {
    expect(compileCondition("args.amount >")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Unexpected|Expected/),
    });
    expect(compileCondition("unknown == 1")).toEqual({ ok: false, error: "Unknown variable: unknown" });
    expect(compileCondition("1 + 1")).toEqual({
      ok: false,
      error: "A condition must be true or false; this one is a int",
    });
    expect(compileCondition("  ")).toMatchObject({ ok: false });
  });
});
