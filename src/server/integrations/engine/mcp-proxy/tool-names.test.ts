import { describe, expect, it } from "vitest";
import { localToolNames, MAX_TOOL_NAME_LENGTH } from "./tool-names.ts";

const valid = new RegExp(`^[a-z0-9_]{1,${MAX_TOOL_NAME_LENGTH}}$`);

describe("localToolNames", () => {
  it("keeps valid names and normalizes the others", () => {
    const names = localToolNames(["search", "Send-Email.v2", "--", "ÉTAT du compte", "a".repeat(60)]);
    expect(names.get("search")).toBe("search");
    expect(names.get("Send-Email.v2")).toBe("send_email_v2");
    expect(names.get("--")).toBe("tool");
    expect(names.get("ÉTAT du compte")).toBe("etat_du_compte");
    expect(names.get("a".repeat(60))).toBe("a".repeat(MAX_TOOL_NAME_LENGTH));
  });

  it("gives colliding names distinct valid names that do not depend on the list's order", () => {
    const remote = [
      "send_email",
      "Send-Email",
      "send.email",
      "SEND EMAIL",
      `${"x".repeat(45)}1`,
      `${"x".repeat(45)}2`,
    ];
    const names = localToolNames(remote);
    const reversed = localToolNames([...remote].reverse());
    expect([...names.entries()].sort()).toEqual([...reversed.entries()].sort());
    const local = [...names.values()];
    expect(new Set(local).size).toBe(remote.length);
    for (const name of local) expect(name).toMatch(valid);
    // The remote name that is already valid keeps it.
    expect(names.get("send_email")).toBe("send_email");
    expect(names.get("Send-Email")).toMatch(/^send_email_[0-9a-f]{6}$/);
  });

  it("stays unique over many random names", () => {
    const alphabet = "aA-._ 0";
    const remote = Array.from({ length: 500 }, (_, i) =>
      Array.from({ length: 3 + (i % 50) }, (_, j) => alphabet[(i * 7 + j * 13) % alphabet.length]).join(""),
    );
    const unique = [...new Set(remote)];
    const local = [...localToolNames(unique).values()];
    expect(new Set(local).size).toBe(unique.length);
    for (const name of local) expect(name).toMatch(valid);
  });
});
