import { describe, expect, it } from "vitest";
import { intentInstructions, parseIntent, withClarification } from "./intent.ts";

describe("parseIntent", () => {
  it("reads a sentence as the intent, an ASK line as a question", () => {
    expect(parseIntent(" List open deals. ", "req", true)).toEqual({
      kind: "intent",
      intent: "List open deals.",
    });
    expect(parseIntent("ASK: Which customer do you mean?", "req", true)).toEqual({
      kind: "ask",
      question: "Which customer do you mean?",
    });
    expect(parseIntent("", "the request", true)).toEqual({ kind: "intent", intent: "the request" });
  });

  it("never asks once the person has answered: the question's text becomes the intent", () => {
    expect(parseIntent("ASK: Which one?", "req", false)).toEqual({ kind: "intent", intent: "Which one?" });
    expect(intentInstructions(false)).not.toContain("ASK");
    expect(intentInstructions(true)).toContain("ASK: ");
  });

  it("appends the answer to the request", () => {
    expect(withClarification("Add a note", undefined)).toBe("Add a note");
    expect(withClarification("Add a note", "Acme")).toBe("Add a note\n\nClarification from the user: Acme");
  });
});
