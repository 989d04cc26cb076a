// Finds the tools of a project that fit a task described in words, for progressive tool discovery
// (search_tools on /mcp) and for Neo's server selection. Ranking is MiniSearch's BM25+ with prefix and
// fuzzy matching over the fields below, each boosted by how much it says about what a tool is for.
//
// One index per tool list, built on the first search and kept as long as the list itself: the gateway's
// ProjectToolCatalog makes a new list whenever a project's tools change, so a changed project is
// re-indexed and a dropped one's index is garbage with it.
import MiniSearch, { type Query } from "minisearch";
import type { ToolDescription } from "../gateway/tool-types.ts";
import { type NameIndex, namedServers, nameIndex, plainWords } from "./named-integrations.ts";
import {
  type Intent,
  type Operation,
  queryIntent,
  queryOperation,
  toolIntent,
  toolOperation,
} from "./query-signals.ts";
import { indexTerm, queryTerms, splitWords } from "./search-terms.ts";

/** What search needs of a tool: its description and which integration (or "standard") it belongs to. */
export type SearchableTool = ToolDescription & { serverName: string };

export const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 20;

/**
 * Field weights: the name and title say what a tool does in a few words; the integration weighs most,
 * because a person who names the application ("in HubSpot") rarely wants another one's tool; the
 * description says it at length; parameters only hint at it.
 */
const BOOST = { name: 3, title: 3, server: 4, description: 1, parameters: 0.5 } as const;
type Field = keyof typeof BOOST;
const FIELDS = Object.keys(BOOST) as Field[];

/** A synonym finds a tool, but less surely than the word the person used. */
const SYNONYM_WEIGHT = 0.4;

/**
 * How much a tool on the other side of the request's intent counts: a question ("who accepted …") wants
 * a tool that reads, "rename the meeting" one that writes. Lowered, not dropped: the intent is a guess.
 */
const OTHER_INTENT_WEIGHT = 0.5;

/** Parameter names and descriptions, nested ones too (a request body's fields), as one text. */
function parameterText(schema: unknown, depth = 0): string {
  if (depth > 3 || typeof schema !== "object" || schema === null) return "";
  const { properties, items } = schema as { properties?: Record<string, unknown>; items?: unknown };
  const parts: string[] = [];
  for (const [name, property] of Object.entries(properties ?? {})) {
    parts.push(name);
    const description = (property as { description?: unknown })?.description;
    if (typeof description === "string") parts.push(description);
    parts.push(parameterText(property, depth + 1));
  }
  if (items) parts.push(parameterText(items, depth + 1));
  return parts.join(" ");
}

function fieldText(tool: SearchableTool, field: Field): string {
  switch (field) {
    case "name":
      return tool.name;
    case "title":
      return tool.title;
    case "server":
      return tool.serverName;
    case "description":
      return tool.description;
    case "parameters":
      return parameterText(tool.inputSchema);
  }
}

interface IndexedTool {
  id: number;
  tool: SearchableTool;
}

interface ToolIndex {
  search: MiniSearch<IndexedTool>;
  /** Every term the index holds: a query word among them is a word, not a typo. */
  vocabulary: Set<string>;
  intents: (Intent | undefined)[];
  operations: (Operation | undefined)[];
  names: NameIndex;
}

/**
 * How much a tool counts by whether it does what the request asks (issue 40): the same operation
 * ("update the deal" → update_deal) counts more, listing for reading one (or the other way) the same,
 * another operation less. Like the intent, a guess, so weights and not a filter.
 */
const SAME_OPERATION_WEIGHT = 1.5;
const OTHER_OPERATION_WEIGHT = 0.7;

function operationWeight(asked: Operation | undefined, done: Operation | undefined): number {
  const reads = (operation: Operation) => operation === "list" || operation === "get";
  if (!asked) return 1;
  // A tool whose name says no operation (calculate, fetch_web_page) reads: it is not outranked by the
  // tools that say they read.
  if (!done) return reads(asked) ? SAME_OPERATION_WEIGHT : 1;
  if (asked === done) return SAME_OPERATION_WEIGHT;
  return reads(asked) && reads(done) ? 1 : OTHER_OPERATION_WEIGHT;
}

/** Per word of the tools' texts, the servers whose tools use it (to tell a product's name from a word). */
function serversByWord(tools: readonly SearchableTool[]): Map<string, Set<string>> {
  const servers = new Map<string, Set<string>>();
  for (const tool of tools) {
    const text = `${tool.name} ${tool.title} ${tool.description}`;
    for (const word of new Set(plainWords(splitWords(text).join(" ")))) {
      let set = servers.get(word);
      if (!set) servers.set(word, (set = new Set()));
      set.add(tool.serverName);
    }
  }
  return servers;
}

const tokenize = (text: string) => splitWords(text);
const asIs = (term: string) => term;

function buildIndex(tools: readonly SearchableTool[]): ToolIndex {
  const vocabulary = new Set<string>();
  const search = new MiniSearch<IndexedTool>({
    fields: FIELDS,
    extractField: (document, field) =>
      field === "id" ? document.id : fieldText(document.tool, field as Field),
    tokenize,
    processTerm: (term) => {
      const indexed = indexTerm(term);
      if (indexed !== null) vocabulary.add(indexed);
      return indexed;
    },
    searchOptions: {
      boost: BOOST,
      // Query terms arrive stemmed already (search-terms.ts).
      processTerm: asIs,
      // Fuzzy matching is for typos: a word the tools use is taken as that word, so "gmail" does not
      // find the "email" it is one letter from.
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 && !vocabulary.has(term) ? 0.2 : false),
    },
  });
  search.addAll(tools.map((tool, id) => ({ id, tool })));
  const words = serversByWord(tools);
  return {
    search,
    vocabulary,
    intents: tools.map(toolIntent),
    operations: tools.map((tool) => toolOperation(tool.name)),
    names: nameIndex(tools, (word) => words.get(word)),
  };
}

const indexes = new WeakMap<readonly SearchableTool[], ToolIndex>();

function indexOf(tools: readonly SearchableTool[]): ToolIndex {
  let index = indexes.get(tools);
  if (!index) {
    index = buildIndex(tools);
    indexes.set(tools, index);
  }
  return index;
}

/**
 * The tools that best fit `query`, best first, at most `limit`. A query with no word that any tool
 * matches finds nothing.
 */
export function searchTools<T extends SearchableTool>(
  tools: readonly T[],
  query: string,
  limit = DEFAULT_SEARCH_LIMIT,
): T[] {
  const { words, synonyms } = queryTerms(query);
  if (words.length === 0 || tools.length === 0) return [];
  const queries: Query[] = [words.join(" ")];
  if (synonyms.length > 0) {
    // Expansions are whole words of the thesaurus: no prefix or fuzzy matching, which found noise.
    queries.push({
      queries: [synonyms.join(" ")],
      boostTerm: () => SYNONYM_WEIGHT,
      prefix: false,
      fuzzy: false,
    });
  }
  const { search, intents, operations, names } = indexOf(tools);
  const intent = queryIntent(query);
  const operation = queryOperation(query);
  const boostDocument =
    intent || operation
      ? (id: number) =>
          (!intent || intents[id] === undefined || intents[id] === intent ? 1 : OTHER_INTENT_WEIGHT) *
          operationWeight(operation, operations[id])
      : undefined;
  const results = search.search({ combineWith: "OR", queries }, { boostDocument });
  const count = Math.max(0, Math.min(limit, MAX_SEARCH_LIMIT));
  // A named integration's tools come first (named-integrations.ts); the rest keep their order after.
  const named = namedServers(names, query);
  const ranked =
    named.size === 0
      ? results.slice(0, count)
      : [
          ...results.filter((result) => named.has(tools[result.id as number]?.serverName ?? "")),
          ...results.filter((result) => !named.has(tools[result.id as number]?.serverName ?? "")),
        ].slice(0, count);
  return ranked.map((result) => tools[result.id as number] as T);
}
