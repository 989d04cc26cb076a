import { describe, expect, it } from "vitest";
import { namesOf } from "./llm-model-list.ts";

describe("a server's model names", () => {
  it("reads OpenAI's list shape and Ollama's native tags, sorted, once each", () => {
    expect(
      namesOf({
        object: "list",
        data: [
          { id: "qwen2.5:7b", object: "model" },
          { id: "llama3.1:8b", object: "model" },
          { id: "llama3.1:8b", object: "model" },
        ],
      }),
    ).toEqual(["llama3.1:8b", "qwen2.5:7b"]);
    expect(namesOf({ models: [{ name: "mistral:7b", model: "mistral:7b" }] })).toEqual(["mistral:7b"]);
  });

  it("ignores what is not a name", () => {
    expect(namesOf(null)).toEqual([]);
    expect(namesOf({ data: [{ id: 3 }, {}, { id: "" }, { id: "x".repeat(101) }] })).toEqual([]);
  });
});
