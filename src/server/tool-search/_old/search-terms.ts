// How text becomes search terms, for tool definitions and for queries alike: words split at
// punctuation and camelCase ("issueIdOrKey" → issue id or key), lower-cased, stop words dropped, and
// stemmed with the Porter stemmer so "meetings", "scheduling" and "emails" meet "meeting", "schedule"
// and "email". Queries also get their everyday words widened to the words tool definitions use
// (SYNONYMS): a person asks for a "ticket", the tool says "issue".
import { stemmer } from "stemmer";

/** Words that say nothing about which tool is wanted; as query terms they only add noise. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be but by can could did do does for from had has have how i if in into is it its " +
    "me my of on or our please show that the their them then there these this those to us was we what " +
    "when where which who whom why will with would you your all any some get tell give let make"
  ).split(" "),
);

/**
 * Everyday words and the words tool definitions use for the same thing, as groups of equals. Domain
 * vocabulary of the kinds of systems Portico connects (mail, calendars, files, wikis, trackers, CRMs,
 * HR, surveys), not a list of tools: every word in a group finds whatever the other words find.
 */
const SYNONYM_GROUPS = [
  ["email", "mail", "message", "inbox", "mailbox"],
  ["meeting", "event", "appointment", "invitation", "agenda"],
  ["calendar", "schedule", "agenda"],
  ["free", "busy", "available", "availability", "slot"],
  ["ticket", "issue", "bug"],
  // "statuses" is listed too: Porter stems it to "status", the singular to "statu".
  ["status", "statuses", "transition"],
  ["comment", "note"],
  ["wiki", "page", "confluence"],
  ["document", "doc", "file"],
  ["folder", "directory"],
  ["spreadsheet", "sheet", "csv"],
  ["download", "export"],
  ["customer", "client", "account", "company"],
  ["supplier", "company"],
  ["person", "contact", "people"],
  ["lead", "prospect"],
  ["deal", "opportunity", "pipeline"],
  ["employee", "staff", "colleague", "worker", "hr"],
  ["survey", "questionnaire", "poll"],
  ["response", "answer"],
  ["cancel", "delete", "remove"],
  ["add", "create", "new", "book", "log"],
  ["update", "change", "edit", "set", "modify"],
  ["find", "search", "look", "lookup", "query"],
  ["reply", "respond"],
  ["time", "clock", "date", "today", "now"],
  ["convert", "timezone", "zone"],
  ["day", "week", "month", "duration", "until"],
  ["compute", "calculate", "percentage", "total", "sum", "arithmetic"],
  ["website", "web", "link", "url", "article", "page"],
  ["read", "fetch"],
  ["associate", "link", "relate", "connect"],
  ["activity", "call", "task", "reminder", "follow"],
];

/**
 * Stems already computed: tool definitions repeat a small vocabulary, and stemming each occurrence anew
 * was most of the time an index of a thousand tools took. Emptied when full, so queries cannot grow it
 * without bound.
 */
const stems = new Map<string, string>();
const STEM_CACHE_SIZE = 50_000;

/** A word in the form it is indexed and searched in. */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    if (stems.size >= STEM_CACHE_SIZE) stems.clear();
    stemmed = stemmer(word);
    stems.set(word, stemmed);
  }
  return stemmed;
}

const synonymsByStem = new Map<string, Set<string>>();
for (const group of SYNONYM_GROUPS) {
  const groupStems = group.map(stem);
  for (const word of groupStems) {
    const known = synonymsByStem.get(word) ?? new Set<string>();
    for (const other of groupStems) known.add(other);
    synonymsByStem.set(word, known);
  }
}

/** camelCase and snake_case apart, so parameter names are words too; "%" is the word "percent". */
export function splitWords(text: string): string[] {
  return text
    .replaceAll("%", " percent ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** A term of a tool definition as indexed: lower case and stemmed; stop words are not indexed. */
export function indexTerm(term: string): string | null {
  const word = term.toLowerCase();
  return STOP_WORDS.has(word) ? null : stem(word);
}

/** The stems of a query's words, and apart from them the stems of their synonyms. */
export function queryTerms(query: string): { words: string[]; synonyms: string[] } {
  const words = [...new Set(splitWords(query).flatMap((term) => indexTerm(term) ?? []))];
  const synonyms = new Set<string>();
  for (const word of words) for (const other of synonymsByStem.get(word) ?? []) synonyms.add(other);
  for (const word of words) synonyms.delete(word);
  return { words, synonyms: [...synonyms] };
}
