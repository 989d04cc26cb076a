// Finds the tools of a project that fit a task described in words, for progressive tool discovery
// (search_tools on /mcp) and for Neo's server selection. Ranking is MiniSearch's BM25+ with prefix and
// fuzzy matching over the fields below, each boosted by how much it says about what a tool is for.
//
// One index per tool list, built on the first search and kept as long as the list itself: the gateway's
// ProjectToolCatalog makes a new list whenever a project's tools change, so a changed project is
// re-indexed and a dropped one's index is garbage with it.
import MiniSearch, { type Query } from "minisearch";
import type { ToolDescription } from "../gateway/catalogue/tool-types.ts";
import { type NameIndex, namedServers, nameIndex, plainWords } from "./named-integrations.ts";
import {
  type Intent,
  type Operation,
  queryIntent,
  queryOperation,
  toolIntent,
  toolObjectWords,
  toolOperation,
} from "./query-signals.ts";
import { indexTerm, queryTerms, splitWords, stem } from "./search-terms.ts";

/** What search needs of a tool: its description and which integration (or "standard") it belongs to. */
export type SearchableTool = ToolDescription & { serverName: string };

export const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 20;

/**
 * Field weights: the name and title say what a tool does in a few words; the integration weighs most,
 * because a person who names the application ("in HubSpot") rarely wants another one's tool; the
 * description says it at length; parameters (their names, descriptions, enum values and examples)
 * only hint at it.
 */
const BOOST = { name: 3, title: 3, server: 4, description: 1, parameters: 0.5 } as const;
type Field = keyof typeof BOOST;
const FIELDS = Object.keys(BOOST) as Field[];

/** A synonym finds a tool, but less surely than the word the person used. */
const SYNONYM_WEIGHT = 0.4;
const COMMON_TERM_FLOOR = 200;

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
    const {
      description,
      enum: values,
      examples,
    } = (property ?? {}) as {
      description?: unknown;
      enum?: unknown;
      examples?: unknown;
    };
    if (typeof description === "string") parts.push(description);
    // The values a parameter takes name what the tool handles: a "state" of B_ACTUAL or a "type" of
    // "deal" or "contact" (issue 40: per-tool terms from the schema).
    for (const value of [
      ...(Array.isArray(values) ? values : []),
      ...(Array.isArray(examples) ? examples : []),
    ]) {
      if (typeof value === "string" && value.length <= 40) parts.push(value);
    }
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
  /** The document's id in the index: stable across updates of the tool list (see updatedIndex). */
  id: number;
  tool: SearchableTool;
}

/** What the index knows of one document besides its terms. */
interface IndexedDocument {
  tool: SearchableTool;
  intent: Intent | undefined;
  operation: Operation | undefined;
  /** Stems of its name's words but the verb ("outlook", "email", "message" of move_message). */
  objects: string[];
}

interface ToolIndex {
  search: MiniSearch<IndexedTool>;
  /** Every term the index holds: a query word among them is a word, not a typo. */
  vocabulary: Set<string>;
  /** How often each term occurs in the tools' texts. */
  occurrences: Map<string, number>;
  documents: Map<number, IndexedDocument>;
  /** Per tool fingerprint, its document id: a tool unchanged in a new list keeps its document. */
  byFingerprint: Map<string, number>;
  nextId: number;
  /** Per server name, its tools' document ids; and what names a server (named-integrations.ts). */
  names: NameIndex;
  /** Indexes of only the named servers' tools, per set of servers (a query naming them searches less). */
  narrowed: Map<string, MiniSearch<IndexedTool>>;
}

/**
 * How much a tool counts by whether it does what the request asks (issue 40): the same operation
 * ("update the deal" → update_deal) counts more, listing for reading one (or the other way) the same,
 * another operation less. Like the intent, a guess, so weights and not a filter.
 */
const SAME_OPERATION_WEIGHT = 1.5;

/**
 * A tool whose name holds what the request acts on (its words or their synonyms, but not the words
 * that named the integration) counts more: "delete the newsletter from Outlook" is about an email, so
 * move_message (which bins one) before delete_event.
 */
const SAME_OBJECT_WEIGHT = 1.3;
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
      const set = servers.get(word) ?? new Set<string>();
      set.add(tool.serverName);
      servers.set(word, set);
    }
  }
  return servers;
}

const tokenize = (text: string) => splitWords(text);
const asIs = (term: string) => term;

function newSearch(vocabulary: Set<string>, occurrences?: Map<string, number>): MiniSearch<IndexedTool> {
  return new MiniSearch<IndexedTool>({
    fields: FIELDS,
    extractField: (document, field) =>
      field === "id" ? document.id : fieldText(document.tool, field as Field),
    tokenize,
    processTerm: (term) => {
      const indexed = indexTerm(term);
      if (indexed !== null) {
        vocabulary.add(indexed);
        occurrences?.set(indexed, (occurrences.get(indexed) ?? 0) + 1);
      }
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
}

/** What makes a tool the same tool for the index: everything the index reads of it. */
const fingerprint = (tool: SearchableTool) =>
  JSON.stringify([
    tool.serverName,
    tool.name,
    tool.title,
    tool.description,
    tool.inputSchema,
    tool.annotations,
  ]);

/**
 * The index of `tools`, made from `previous` (the index of the same project's former tool list) when
 * there is one: tools that are gone are discarded and new ones added, the others keep their documents,
 * so a server added to or removed from a project re-indexes only its own tools.
 */
function updatedIndex(tools: readonly SearchableTool[], previous?: ToolIndex): ToolIndex {
  const vocabulary = previous?.vocabulary ?? new Set<string>();
  const occurrences = previous?.occurrences ?? new Map<string, number>();
  const index: ToolIndex = previous ?? {
    search: newSearch(vocabulary, occurrences),
    vocabulary,
    occurrences,
    documents: new Map(),
    byFingerprint: new Map(),
    nextId: 0,
    names: { toolsOf: new Map(), names: [], known: () => false },
    narrowed: new Map(),
  };
  const kept = new Map<string, number>();
  const added: IndexedTool[] = [];
  const documents = new Map<number, IndexedDocument>();
  for (const tool of tools) {
    const key = fingerprint(tool);
    let id = index.byFingerprint.get(key);
    if (id === undefined || kept.has(key)) {
      id = index.nextId++;
      added.push({ id, tool });
    }
    kept.set(key, id);
    documents.set(id, {
      tool,
      intent: toolIntent(tool),
      operation: toolOperation(tool.name),
      objects: toolObjectWords(tool.name).map(stem),
    });
  }
  for (const [key, id] of index.byFingerprint) {
    if (!kept.has(key)) index.search.discard(id);
  }
  index.search.addAll(added);
  index.documents = documents;
  index.byFingerprint = kept;
  index.narrowed = new Map();
  const words = serversByWord(tools);
  const ids = [...documents.keys()];
  index.names = nameIndex(
    ids.map((id) => documents.get(id)?.tool as SearchableTool),
    (word) => words.get(word),
  );
  // nameIndex numbers tools by position; the index refers to them by document id.
  for (const [server, positions] of index.names.toolsOf) {
    index.names.toolsOf.set(
      server,
      positions.map((position) => ids[position] as number),
    );
  }
  return index;
}

const indexes = new WeakMap<readonly SearchableTool[], ToolIndex>();
/**
 * Per scope (a project), its latest tool list and that list's index, to update rather than rebuild.
 * The update changes the index in place, so the former list no longer owns it: a request still holding
 * that list makes its index again.
 */
const latestInScope = new Map<string, { tools: readonly SearchableTool[]; index: ToolIndex }>();
const MAX_SCOPES = 1000;

function indexOf(tools: readonly SearchableTool[], scope?: string): ToolIndex {
  let index = indexes.get(tools);
  if (!index) {
    const previous = scope === undefined ? undefined : latestInScope.get(scope);
    if (previous) indexes.delete(previous.tools);
    index = updatedIndex(tools, previous?.index);
    indexes.set(tools, index);
    if (scope !== undefined) {
      if (!previous && latestInScope.size >= MAX_SCOPES) latestInScope.clear();
      latestInScope.set(scope, { tools, index });
    }
  }
  return index;
}

/** The index of only `servers`' tools, made on the first query naming just them. */
function narrowedSearch(index: ToolIndex, servers: ReadonlySet<string>): MiniSearch<IndexedTool> {
  const key = [...servers].sort().join("\n");
  let search = index.narrowed.get(key);
  if (!search) {
    search = newSearch(index.vocabulary);
    for (const server of servers) {
      for (const id of index.names.toolsOf.get(server) ?? []) {
        const tool = index.documents.get(id)?.tool;
        if (tool) search.add({ id, tool });
      }
    }
    index.narrowed.set(key, search);
  }
  return search;
}

/**
 * The tools that best fit `query`, best first, at most `limit`. A query with no word that any tool
 * matches finds nothing.
 */
export function searchTools<T extends SearchableTool>(
  tools: readonly T[],
  query: string,
  limit = DEFAULT_SEARCH_LIMIT,
  /** Whose tool list this is (a project): its former list's index is updated, not rebuilt. */
  scope?: string,
): T[] {
  if (tools.length === 0) return [];
  const index = indexOf(tools, scope);
  const terms = queryTerms(query, (term) => index.vocabulary.has(term));
  const { words } = terms;
  if (words.length === 0) return [];
  const { documents, names } = index;
  // A synonym found in most tools says little of which is wanted and costs much to score: in a large
  // project, one that occurs more often than there are tenths of tools is left out.
  const common = Math.max(COMMON_TERM_FLOOR, documents.size / 10);
  const synonyms = terms.synonyms.filter((term) => (index.occurrences.get(term) ?? 0) <= common);
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
  const intent = queryIntent(query);
  const operation = queryOperation(query);
  const named = namedServers(names, query);
  const naming = new Set([...named].flatMap((server) => plainWords(server).map(stem)));
  const objects = new Set([...words.filter((word) => !naming.has(word)), ...synonyms]);
  // MiniSearch asks once per matching term and document: each document's weight is computed once.
  const weights = new Map<number, number>();
  const boostDocument = (id: number) => {
    let weight = weights.get(id);
    if (weight === undefined) {
      const document = documents.get(id);
      const side = document?.intent;
      weight =
        (!intent || side === undefined || side === intent ? 1 : OTHER_INTENT_WEIGHT) *
        operationWeight(operation, document?.operation) *
        (document?.objects.some((word) => objects.has(word)) ? SAME_OBJECT_WEIGHT : 1);
      weights.set(id, weight);
    }
    return weight;
  };
  const count = Math.max(0, Math.min(limit, MAX_SEARCH_LIMIT));
  const toolOf = (id: number) => documents.get(id)?.tool as T;
  // A named integration's tools come first (named-integrations.ts), searched in an index of their own;
  // the other tools only fill what they leave of the limit.
  const namedTools = [...named].reduce((sum, server) => sum + (names.toolsOf.get(server)?.length ?? 0), 0);
  if (named.size === 0) {
    const results = index.search.search({ combineWith: "OR", queries }, { boostDocument });
    return results.slice(0, count).map((result) => toolOf(result.id as number));
  }
  const first = narrowedSearch(index, named)
    .search({ combineWith: "OR", queries }, { boostDocument })
    .map((result) => result.id as number);
  // A named integration's tools that no word matched still come before other integrations' tools:
  // "opps for account 001…" in Salesforce wants a Salesforce tool, whichever. They follow the
  // operation asked for.
  if (first.length < count) {
    const matched = new Set(first);
    const rest = [...named]
      .flatMap((server) => names.toolsOf.get(server) ?? [])
      .filter((id) => !matched.has(id))
      .sort(
        (a, b) =>
          operationWeight(operation, documents.get(b)?.operation) -
          operationWeight(operation, documents.get(a)?.operation),
      );
    first.push(...rest);
  }
  if (namedTools >= count) return first.slice(0, count).map(toolOf);
  const others = index.search
    .search({ combineWith: "OR", queries }, { boostDocument })
    .map((result) => result.id as number)
    .filter((id) => !named.has(documents.get(id)?.tool.serverName ?? ""));
  return [...first, ...others].slice(0, count).map(toolOf);
}
