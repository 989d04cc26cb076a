// The independent set of bench/toolsearch.ts (issue 40): needs written from the providers' API references
// and the integration names before anyone read Portico's tool descriptions
// (toolsearch-independent.json), and, mapped in a second pass, the Portico tools that do each one's job
// (toolsearch-independent-labels.json). A need no tool serves stays in the files and is counted apart.
import { readFileSync } from "node:fs";
import type { LabeledQuery } from "../toolsearch-queries.ts";

export interface IndependentNeed {
  id: string;
  query: string;
  /** The integration the need belongs to, as the set's author named it ("Generic" for standard tools). */
  integration: string;
  operation: string;
  language: "en" | "cs";
  /** How the query names its integration: by product name, alias or object, or not at all. */
  namedBy: "product" | "alias" | "object" | null;
  access: "read" | "write";
  cardinality: "one" | "many";
  style: string[];
}

export type IndependentQuery = LabeledQuery & { need: IndependentNeed };

const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), "utf8"));

/** Every need with its labels; `served` holds those some tool does, `unserved` the others. */
export function independentSet(): { served: IndependentQuery[]; unserved: IndependentNeed[] } {
  const needs = read("toolsearch-independent.json").needs as IndependentNeed[];
  const labels = read("toolsearch-independent-labels.json").labels as Record<string, string[]>;
  const served: IndependentQuery[] = [];
  const unserved: IndependentNeed[] = [];
  for (const need of needs) {
    const expected = labels[need.id];
    if (!expected) throw new Error(`${need.id} has no label entry`);
    if (expected.length === 0) unserved.push(need);
    else served.push({ query: need.query, expected, need });
  }
  return { served, unserved };
}

/** The kinds a need is counted under in the bench's breakdown. */
export function kindsOf(need: IndependentNeed): string[] {
  return [
    need.language === "cs" ? "Czech" : "English",
    need.namedBy ? `named by ${need.namedBy}` : "not named",
    need.access,
    need.cardinality === "one" ? "one record" : "many records",
    ...need.style,
  ];
}
