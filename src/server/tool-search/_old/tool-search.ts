// Finds the tools of a project that fit a task described in words, for progressive tool discovery
// (search_tools on /mcp) and for Neo's server selection. Ranking is MiniSearch's BM25+ with prefix and
// fuzzy matching over the fields below, each boosted by how much it says about what a tool is for.
//
// One index per tool list, built on the first search and kept as long as the list itself: the gateway's
// ProjectToolCatalog makes a new list whenever a project's tools change, so a changed project is
// re-indexed and a dropped one's index is garbage with it.
import MiniSearch, { type Query } from "minisearch";
import type { ToolDescription } from "../../gateway/tool-types.ts";
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

const tokenize = (text: string) => splitWords(text);
const asIs = (term: string) => term;

function buildIndex(tools: readonly SearchableTool[]): MiniSearch<IndexedTool> {
  const index = new MiniSearch<IndexedTool>({
    fields: FIELDS,
    extractField: (document, field) =>
      field === "id" ? document.id : fieldText(document.tool, field as Field),
    tokenize,
    processTerm: indexTerm,
    searchOptions: {
      boost: BOOST,
      // Query terms arrive stemmed already (search-terms.ts).
      processTerm: asIs,
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    },
  });
  index.addAll(tools.map((tool, id) => ({ id, tool })));
  return index;
}

const indexes = new WeakMap<readonly SearchableTool[], MiniSearch<IndexedTool>>();

function indexOf(tools: readonly SearchableTool[]): MiniSearch<IndexedTool> {
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
    queries.push({ queries: [synonyms.join(" ")], boostTerm: () => SYNONYM_WEIGHT });
  }
  return indexOf(tools)
    .search({ combineWith: "OR", queries })
    .slice(0, Math.max(0, Math.min(limit, MAX_SEARCH_LIMIT)))
    .map((result) => tools[result.id as number] as T);
}
