import { describe, expect, it } from "vitest";
import { parseSearch, stringifySearch } from "./search-params.ts";

describe("parseSearch", () => {
  it("keeps every value as its exact text", () => {
    expect(parseSearch("?state=1e3&n=007&flag=true&scope=openid%20profile&plus=a+b")).toEqual({
      state: "1e3",
      n: "007",
      flag: "true",
      scope: "openid profile",
      plus: "a b",
    });
  });

  it("collects repeated keys in order", () => {
    expect(parseSearch("a=1&a=2&a=3&b=x")).toEqual({ a: ["1", "2", "3"], b: "x" });
    expect(parseSearch("")).toEqual({});
  });
});

describe("stringifySearch", () => {
  it("writes strings as they are and repeats keys for arrays", () => {
    expect(stringifySearch({ state: "1e3", a: ["1", "2"], empty: "" })).toBe("?state=1e3&a=1&a=2&empty=");
  });

  it("skips undefined, prints numbers and booleans, JSON-encodes objects", () => {
    expect(stringifySearch({ gone: undefined, page: 2, on: false, filter: { a: 1 } })).toBe(
      "?page=2&on=false&filter=%7B%22a%22%3A1%7D",
    );
    expect(stringifySearch({})).toBe("");
  });

  it("round-trips with parseSearch", () => {
    const search = { redirect_uri: "http://localhost:9/cb?x=1", state: "123", scope: ["a b", "c"] };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
  });
});
