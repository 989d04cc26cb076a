import { describe, expect, it } from "vitest";
import { fieldsOf, initialValues, toArguments } from "./schema-form-model.ts";

const schema = {
  type: "object",
  properties: {
    query: { type: "string", title: "Search query", minLength: 2 },
    limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
    ratio: { type: ["number", "null"] },
    archived: { type: "boolean" },
    sort: { enum: ["asc", "desc"], default: "desc" },
    tags: { type: "array", items: { type: "string" } },
    filter: { type: "object", properties: { owner: { type: "string" } } },
    anything: {},
  },
  required: ["query", "tags"],
};

describe("schema form model", () => {
  const fields = fieldsOf(schema);

  it("derives one field per property with its kind, label and required mark", () => {
    expect(fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ["query", "string", true],
      ["limit", "integer", false],
      ["ratio", "number", false],
      ["archived", "boolean", false],
      ["sort", "enum", false],
      ["tags", "string-array", true],
      ["filter", "json", false],
      ["anything", "json", false],
    ]);
    expect(fields[0]?.label).toBe("Search query");
    expect(initialValues(fields)).toMatchObject({ limit: "10", sort: "1", query: "" });
  });

  it("turns the texts into typed arguments and omits empty optional fields", () => {
    const result = toArguments(fields, {
      ...initialValues(fields),
      query: "acme",
      archived: "false",
      tags: "vip\n\n  churn  \n",
      filter: '{"owner": "me"}',
    });
    expect(result).toEqual({
      ok: true,
      arguments: {
        query: "acme",
        limit: 10,
        archived: false,
        sort: "desc",
        tags: ["vip", "churn"],
        filter: { owner: "me" },
      },
    });
  });

  it("reports required, range, whole-number, length and JSON mistakes inline", () => {
    const result = toArguments(fields, {
      query: "a",
      limit: "2.5",
      ratio: "x",
      tags: " ",
      filter: "[1]",
      anything: "{oops",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        query: "Enter at least 2 characters",
        limit: "Enter a whole number",
        ratio: "Enter a number",
        tags: "tags is required",
        filter: "Enter a JSON object",
        anything: "Enter valid JSON",
      },
    });
    expect(toArguments(fields, { query: "ok", tags: "a", limit: "99" })).toEqual({
      ok: false,
      errors: { limit: "Must be at most 50" },
    });
    expect(toArguments(fields, { tags: "a" })).toMatchObject({
      errors: { query: "Search query is required" },
    });
  });
});
