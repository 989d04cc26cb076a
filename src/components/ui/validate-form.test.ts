import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailField, passwordField } from "~/lib/validation.ts";
import { validateForm } from "./validate-form.ts";

const schema = z.object({ email: emailField, password: passwordField });

describe("validateForm", () => {
  it("returns the parsed data when valid", () => {
    expect(validateForm(schema, { email: " Ann@Example.com ", password: "long enough" })).toEqual({
      ok: true,
      data: { email: "ann@example.com", password: "long enough" },
    });
  });

  it("returns the first message of each invalid field", () => {
    expect(validateForm(schema, { email: "", password: "short" })).toEqual({
      ok: false,
      errors: { email: "Email is required", password: "Password must be at least 8 characters" },
    });
  });

  it("says 'Invalid input' where a rule has no message of its own (requirements §5)", () => {
    const bare = z.object({ email: emailField, role: z.enum(["admin", "member"]), count: z.number().int() });
    expect(validateForm(bare, { email: "", role: "owner", count: 1.5 } as never)).toEqual({
      ok: false,
      errors: { email: "Email is required", role: "Invalid input", count: "Invalid input" },
    });
  });
});
