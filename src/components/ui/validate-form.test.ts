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
});
