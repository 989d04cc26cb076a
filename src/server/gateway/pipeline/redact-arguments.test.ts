import { describe, expect, it } from "vitest";
import { MAX_STORED_ARGUMENTS, storedArguments } from "./call-log-row.ts";
import { isSecretArgumentName, REDACTED } from "./redact-arguments.ts";

describe("storedArguments", () => {
  it("keeps credential fields out of the call log, at any depth", () => {
    const stored = JSON.parse(
      storedArguments({
        email: "ana@example.test",
        password: "hunter2-secret",
        connection: { apiKey: "sk-live-123", headers: { Authorization: "Bearer abc" } },
        items: [{ client_secret: "cs-1", name: "kept" }],
      }),
    );
    expect(stored).toEqual({
      email: "ana@example.test",
      password: REDACTED,
      connection: { apiKey: REDACTED, headers: { Authorization: REDACTED } },
      items: [{ client_secret: REDACTED, name: "kept" }],
    });
  });

  it("leaves ordinary arguments, paging tokens and token counts as they were", () => {
    const args = { query: "password reset emails", pageToken: "p2", max_tokens: 100, secretary: "Bea" };
    expect(storedArguments(args)).toBe(JSON.stringify(args));
  });

  it("still cuts what it stores", () => {
    const stored = storedArguments({ password: "x", body: "y".repeat(MAX_STORED_ARGUMENTS * 2) });
    expect(stored.startsWith(`{"password":"${REDACTED}"`)).toBe(true);
    expect(stored).toHaveLength(MAX_STORED_ARGUMENTS + 1);
  });
});

describe("isSecretArgumentName", () => {
  it.each([
    "password",
    "newPassword",
    "api_key",
    "apiKey",
    "X-Api-Key",
    "access_token",
    "refreshToken",
    "token",
    "client_secret",
    "privateKey",
    "authorization",
  ])("%s is a credential", (name) => expect(isSecretArgumentName(name)).toBe(true));
  it.each(["pageToken", "next_page_token", "max_tokens", "tokens", "secretary", "keyword", "key", "author"])(
    "%s is not",
    (name) => expect(isSecretArgumentName(name)).toBe(false),
  );
});
