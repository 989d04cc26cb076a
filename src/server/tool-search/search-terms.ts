// How text becomes search terms, for tool definitions and for queries alike: words split at
// punctuation and camelCase ("issueIdOrKey" → issue id or key), lower-cased, stop words dropped, and
// stemmed with the Porter stemmer so "meetings", "scheduling" and "emails" meet "meeting", "schedule"
// and "email". Queries also get their everyday words widened to the words tool definitions use
// (thesaurus.ts): a person asks for a "ticket", the tool says "issue"; and the identifiers in them read
// for what they name (query-signals.ts): "OPS-142" is an issue. A word that no tool uses gets its
// WordNet synonyms (wordnet.ts): "erase" finds the tools that delete.
import { stemmer } from "stemmer";
import { czechMeaning } from "./czech.ts";
import { recognizeIdentifiers } from "./query-signals.ts";
import { PHRASES, SYNONYM_GROUPS } from "./thesaurus.ts";
import { synonymsOf } from "./wordnet.ts";

/** Words that say nothing about which tool is wanted; as query terms they only add noise. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be but by can could did do does for from had has have how i if in into is it its " +
    "me my of on or our please show that the their them then there these this those to us was we what " +
    "when where which who whom why will with would you your all any some get tell give let make"
  ).split(" "),
);

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

/**
 * How many of a word's senses, most frequent first, lend their synonyms: three lowered labeled recall@1
 * by 0.6 points against one (docs/perf/toolsearch-2026-12.md).
 */
const WORDNET_SENSES = 1;

/** WordNet's synonyms per word already looked up (bounded like the stems: queries repeat words). */
const wordnetCache = new Map<string, string[]>();

function wordnetSynonymsOf(word: string): string[] {
  let synonyms = wordnetCache.get(word);
  if (synonyms === undefined) {
    if (wordnetCache.size >= STEM_CACHE_SIZE) wordnetCache.clear();
    synonyms = synonymsOf(word, WORDNET_SENSES);
    wordnetCache.set(word, synonyms);
  }
  return synonyms;
}

/** The thesaurus's groups each stem is in: a word with several senses ("page") is in several. */
const groupsByStem = new Map<string, Set<string>[]>();
for (const group of SYNONYM_GROUPS) {
  const groupStems = new Set(group.map(stem));
  for (const word of groupStems) groupsByStem.set(word, [...(groupsByStem.get(word) ?? []), groupStems]);
}

/**
 * The synonyms of `word` in the sense the rest of the query gives it: of a word in several groups, only
 * the groups that hold another of the query's words, when any does ("wiki page" is not a web page).
 */
function synonymsInContext(word: string, context: ReadonlySet<string>): Set<string> {
  const groups = groupsByStem.get(word) ?? [];
  const fitting = groups.filter((group) => [...group].some((other) => other !== word && context.has(other)));
  return new Set((fitting.length > 0 ? fitting : groups).flatMap((group) => [...group]));
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
  // A lone letter is no word: the "s" of "account's", the "r" of "s.r.o.". In a large project it
  // was in most tools' texts and most of a query's time.
  if (word.length === 1 && /\p{L}/u.test(word)) return null;
  return STOP_WORDS.has(word) ? null : stem(word);
}

/** Where the query's lower-cased words hold `phrase`'s words in a row. */
function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

const phrases = PHRASES.map(({ phrase, means }) => ({ words: phrase.split(" "), means: means.map(stem) }));

/**
 * The stems of a query's words (and of what its identifiers name), and apart from them the stems of
 * their synonyms and of what its phrases mean: the expansion, which counts for less.
 */
export function queryTerms(
  query: string,
  /** Whether a stem is a word of the tools searched: only the others are given WordNet's synonyms. */
  known: (stem: string) => boolean = () => false,
): { words: string[]; synonyms: string[] } {
  // "e-mail" is one word, in English and in Czech ("e-maily").
  const { text, implied } = recognizeIdentifiers(query.replace(/\be-(mail)/gi, "e$1"));
  const split = splitWords(text);
  // A Czech word counts as the English words it stands for (czech.ts), as the person's own words.
  const translated = split.flatMap((term) => czechMeaning(term));
  const words = [
    ...new Set([...split, ...translated].flatMap((term) => indexTerm(term) ?? []).concat(implied.map(stem))),
  ];
  const lowerCased = split.map((word) => word.toLowerCase());
  const expansion = new Set<string>();
  for (const { words: phrase, means } of phrases) {
    if (containsPhrase(lowerCased, phrase)) for (const word of means) expansion.add(word);
  }
  // WordNet's synonyms of the person's English words (wordnet.ts), in their most frequent sense.
  for (const word of split) {
    const lower = word.toLowerCase();
    if (lower.length < 3 || STOP_WORDS.has(lower)) continue;
    // Only for a word no tool uses: for the tools' own words WordNet's general senses added noise
    // ("rate" as a charge found invoices for "the growth rate"), and the thesaurus has their domain ones.
    if (known(stem(lower))) continue;
    for (const synonym of wordnetSynonymsOf(lower)) expansion.add(stem(synonym));
  }
  const context = new Set(words);
  for (const word of [...words, ...expansion]) {
    for (const other of synonymsInContext(word, context)) expansion.add(other);
  }
  for (const word of words) expansion.delete(word);
  return { words, synonyms: [...expansion] };
}
