import { describe, expect, it } from "vitest";
import { capResult } from "./cap-result.ts";

describe("capResult", () => {
  it("passes a result within the budget through unchanged", () => {
    const result = {
      content: [{ type: "text" as const, text: "ok" }],
      structuredContent: { a: 1 },
      isError: true,
    };
    expect(capResult(result, 100)).toEqual(result);
  });

  it("cuts text over the budget, drops the content after it, and says so", () => {
    const result = capResult(
      {
        content: [
          { type: "text", text: "a".repeat(1500) },
          { type: "image", data: "b".repeat(1000), mimeType: "image/png" },
        ],
      },
      1000,
    );
    expect(result.content).toEqual([
      { type: "text", text: "a".repeat(1000) },
      { type: "text", text: "[Truncated by Portico: the result was 3 KB; only the first 1 KB are shown.]" },
    ]);
  });

  it("never splits a surrogate pair and leaves out oversized structured content", () => {
    const result = capResult(
      { content: [{ type: "text", text: "ab😀" }], structuredContent: { big: "c".repeat(50) } },
      3,
    );
    const [first, note] = result.content;
    expect(first).toEqual({ type: "text", text: "ab" });
    expect(result.structuredContent).toBeUndefined();
    expect(note?.type === "text" && note.text).toMatch(/structured content \(1 KB\) was left out/);
  });
});
