// What a query says beyond its words, for tool search: whether the person wants to read something or to
// change something (the intent), and what the identifiers in it name (an issue key is an issue, a
// weekday or a clock time is when something happens). Both are general reading of how people ask, not
// knowledge of particular tools: a tool's side comes from its own readOnlyHint annotation.
import type { ToolDescription } from "../gateway/catalogue/tool-types.ts";
import { CZECH_READ, CZECH_WRITE } from "./czech.ts";

/** Reading (search, list, get) or writing (create, update, send, delete). */
export type Intent = "read" | "write";

/**
 * Words a request opens with when it asks to see something: questions ("who", "is there", "did …") and
 * the verbs of looking. A question is about reading even when it holds a write word ("what new leads
 * came in" wants leads listed, not a lead created).
 */
const READ_OPENERS = new Set(
  (
    "who whom whose what which when where how is are was were did does do has have any anything " +
    "show list find search look read view see check tell summarize summarise download get"
  ).split(" "),
);

/** Verbs a request opens with when it asks for something to be created, changed, sent or removed. */
const WRITE_OPENERS = new Set(
  (
    "create add send update change set move delete remove cancel rename reschedule postpone schedule book " +
    "put make write reply answer respond assign share mark log post upload save publish file archive " +
    "star link associate email invite register close reopen draft prepare compose leave block edit"
  ).split(" "),
);

/** Words before the request proper: politeness and "I want to …". */
const PREAMBLE = new Set(
  "please can could would will you i we want need like to let lets us me just hey ok kindly also".split(" "),
);

/**
 * The intent of a request, read from its first word after any preamble: a question word or a verb of
 * looking is reading, a verb of making or changing is writing, anything else says nothing.
 */
export function queryIntent(query: string): Intent | undefined {
  const words = query
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  for (const word of words) {
    if (word.length === 0 || PREAMBLE.has(word)) continue;
    if (READ_OPENERS.has(word) || CZECH_READ.has(word)) return "read";
    if (WRITE_OPENERS.has(word) || CZECH_WRITE.has(word)) return "write";
    return undefined;
  }
  return undefined;
}

/** A tool's side, as its annotations declare it; a tool that does not say is on neither. */
export function toolIntent(tool: Pick<ToolDescription, "annotations">): Intent | undefined {
  const readOnly = (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint;
  if (readOnly === true) return "read";
  if (readOnly === false) return "write";
  return undefined;
}

/**
 * Identifiers people put into requests and the words of what they name. `replace`: the identifier's own
 * letters and digits are no words ("OPS-142" is not "ops" and "142"); a weekday stays, it may be a name.
 */
const IDENTIFIERS: readonly { pattern: RegExp; means: readonly string[]; replace: boolean }[] = [
  // A web address is a page to read; its parts ("blog", "post") are no words. An email address is
  // someone to write to or about; its parts ("firma" in tomas@firma.cz) are no words either.
  { pattern: /\bhttps?:\/\/\S+/gi, means: ["url", "web", "page"], replace: true },
  { pattern: /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g, means: [], replace: true },
  // A record id (a Salesforce id, a Drive file id, a Gmail message id): a long run of letters and
  // digits mixed. It reads one record; its letters ("DGb2AAG") are no words.
  {
    pattern: /\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{12,}\b/g,
    means: ["id"],
    replace: true,
  },
  // Arithmetic: numbers joined by an operator or "times", "% of", "plus"… is a calculation.
  {
    pattern:
      /\d\s*(?:[-+*/×^]|%\s*(?:\p{L}+\s+){0,2}(?:of|on|z|from)\b|[\p{L}\s]{0,8}?\b(?:times|plus|minus|divided by|krát)\b)\s*\d/giu,
    means: ["calculate"],
    replace: false,
  },
  // An issue key: a project key in capitals, a dash and a number (OPS-142, PAY2-7).
  { pattern: /\b[A-Z][A-Z0-9]{1,9}-\d+\b/g, means: ["issue"], replace: true },
  // A clock time is a time; a weekday is when something happens, so an event.
  { pattern: /\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b/gi, means: ["time"], replace: true },
  { pattern: /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/gi, means: ["event"], replace: false },
];

/** The query without the identifiers that are no words, and the words of what its identifiers name. */
export function recognizeIdentifiers(query: string): { text: string; implied: string[] } {
  const implied = new Set<string>();
  let text = query;
  for (const { pattern, means, replace } of IDENTIFIERS) {
    text = text.replace(pattern, (match) => {
      for (const word of means) implied.add(word);
      return replace ? " " : match;
    });
  }
  return { text, implied: [...implied] };
}

/**
 * What a request does to its object, finer than the intent (issue 40): "update the deal" wants
 * update_deal over get_deal and search_deals, "all open deals" a tool that lists many over one that
 * reads one. Read from the request's verbs and from a tool's name.
 */
export type Operation = "create" | "update" | "delete" | "send" | "list" | "get";

const OPERATION_WORDS: Record<Operation, readonly string[]> = {
  create:
    "create add new make put schedule book log file draft upload record set up plan post open zaloz vytvor pridej zapis naplanuj vystav zadej".split(
      " ",
    ),
  update:
    "update change edit modify rename move mark bump push assign reschedule set transition label tag star archive flag approve zmen aktualizuj uprav oznac posun presun".split(
      " ",
    ),
  delete: "delete remove cancel trash bin drop smaz odstran zrus".split(" "),
  send: "send email mail reply forward fwd answer posli odesli".split(" "),
  list: "list find search all any many look where seznam najdi vyhledej".split(" "),
  get: "get details detail read open show pull view download ukaz stahni".split(" "),
};
const operationOf = new Map<string, Operation>();
for (const [operation, words] of Object.entries(OPERATION_WORDS) as [Operation, readonly string[]][]) {
  for (const word of words) if (!operationOf.has(word)) operationOf.set(word, operation);
}

/** The tool's operation, from the verb its name starts with after the integration's prefix. */
const TOOL_VERBS: Record<string, Operation> = {
  create: "create",
  add: "create",
  upload: "create",
  post: "create",
  log: "create",
  update: "update",
  edit: "update",
  change: "update",
  modify: "update",
  move: "update",
  transition: "update",
  assign: "update",
  share: "update",
  associate: "update",
  delete: "delete",
  remove: "delete",
  trash: "delete",
  send: "send",
  reply: "send",
  list: "list",
  search: "list",
  query: "list",
  find: "list",
  get: "get",
  read: "get",
  describe: "get",
};

/** The words of a tool's name other than its verb: its integration and the object it acts on. */
export function toolObjectWords(name: string): string[] {
  return name.split("_").filter((word) => word.length > 0 && !(word in TOOL_VERBS));
}

export function toolOperation(name: string): Operation | undefined {
  for (const word of name.split("_")) {
    const operation = TOOL_VERBS[word];
    if (operation) return operation;
  }
  return undefined;
}

/** An English plural, roughly: "leads", "opps", not "this" or "address". */
const isPlural = (word: string) => word.length > 3 && word.endsWith("s") && !word.endsWith("ss");

const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The operation a request asks for, from its first word that says one, after any preamble. "open a …"
 * makes something ("open a bug"), "open the …" reads it; a plural object after a reading verb, or
 * "all", lists.
 */
export function queryOperation(query: string): Operation | undefined {
  const words = plain(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !PREAMBLE.has(word));
  // A question reads, whatever verbs follow ("what new leads came in"): only a reading operation counts.
  const reading = queryIntent(query) === "read";
  for (const [index, word] of words.entries()) {
    let operation = operationOf.get(word);
    if (!operation) continue;
    if (reading && operation !== "list" && operation !== "get") continue;
    const next = words[index + 1] ?? "";
    // "new" and "open" before a plural describe records to list ("new leads", "open bugs").
    const plural = isPlural(next);
    if (word === "open") operation = next === "a" || next === "an" || next === "new" ? "create" : "get";
    if ((word === "new" || word === "open") && plural) operation = "list";
    if (word === "set" && next === "up") operation = "create";
    if (operation === "get" && words.includes("all")) operation = "list";
    return operation;
  }
  // No verb at all, and it opens with a plural ("opps for account 001…", "invoices from May"): a list.
  return isPlural(words[0] ?? "") ? "list" : undefined;
}
