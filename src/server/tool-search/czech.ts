// Czech queries for tool search (issue 40): Portico serves Czech products (Raynet, Caflou, Alveno) and
// their users ask in Czech, while tool definitions are written in English. A Czech word is reduced to
// its stem with the Snowball Czech stemmer (snowball-stemmers), so "firmu", "firmy" and "firma" meet,
// and the stem is read through a lexicon of the words of the systems Portico connects — the Czech
// names of their records (Raynet's "obchodní případ" is a business case) and of the actions on them.
// The lexicon is vocabulary of the domain, like the thesaurus, not of any tool. It is ours because no
// Czech-English dictionary is an npm package (docs/perf/toolsearch-2026-12.md says what was looked for),
// and it is kept short: one form per Snowball stem, the stemmer finds the others.
import snowball from "snowball-stemmers";

const czechStemmer = snowball.newStemmer("czech");

/** A Czech word's stem, without diacritics (people often type Czech without them). */
function czechStem(word: string): string {
  return czechStemmer.stem(word.toLowerCase()).normalize("NFD").replace(/\p{M}/gu, "");
}

/** Czech words and the English words they stand for in business software. */
const LEXICON: Record<string, string> = {
  // Records
  firma: "company",
  klient: "company client",
  obchodní: "business",
  obchodnímu: "business",
  případ: "case",
  úkol: "task",
  schůzka: "meeting event",
  telefonát: "phone call",
  zavolat: "phone call",
  kontakt: "contact",
  kontaktní: "contact",
  osoba: "person",
  faktura: "invoice",
  projekt: "project",
  výdaj: "expense",
  hodina: "hours time entry",
  hodin: "hours time",
  zaměstnanec: "employee",
  zaměstnanců: "employee",
  zaměstnankyně: "employee",
  dovolená: "vacation absence",
  docházka: "attendance",
  oddělení: "department",
  příchod: "arrival attendance",
  // "e-mail" arrives as "email" (search-terms.ts joins it).
  email: "email",
  emailem: "email",
  zpráva: "message",
  kalendář: "calendar event",
  disk: "drive file",
  soubor: "file",
  dokument: "document file",
  stránka: "page web",
  tiket: "issue",
  položka: "item",
  nástěnka: "board",
  příležitost: "opportunity",
  částka: "amount",
  adresa: "address",
  telefon: "phone",
  aktivita: "activity task meeting",
  fáze: "phase stage",
  nabídka: "offer quote",
  směrnice: "policy",
  příručka: "handbook document",
  datum: "date today",
  průzkum: "survey",
  odpovědi: "responses",
  web: "web",
  podrobnosti: "details",
  detail: "details",
  otevřené: "open",
  neuhrazené: "unpaid",
  hotový: "done",
  // Actions
  založ: "create add",
  vytvoř: "create",
  přidej: "add create",
  zapiš: "log add",
  naplánuj: "schedule create",
  vystav: "create issue",
  zadej: "create",
  najdi: "find search",
  vyhledej: "search find",
  seznam: "list",
  změň: "change update",
  aktualizuj: "update",
  uprav: "edit update",
  posuň: "move update",
  přesuň: "move",
  označ: "mark update",
  pošli: "send",
  odešli: "send",
  ukaž: "show get",
  smaž: "delete",
  odstraň: "delete remove",
  zruš: "cancel delete",
  stáhni: "download fetch",
  shrň: "summarize",
  schval: "approve",
  přestěhovali: "moved address",
  kolik: "how many",
};

const byStem = new Map<string, string[]>();
for (const [word, english] of Object.entries(LEXICON)) {
  const stem = czechStem(word);
  byStem.set(stem, [...new Set([...(byStem.get(stem) ?? []), ...english.split(" ")])]);
}

/** The English words a Czech word stands for, or none when the lexicon does not know it. */
export function czechMeaning(word: string): readonly string[] {
  if (word.length < 2) return [];
  return byStem.get(czechStem(word)) ?? [];
}

/** Czech verbs of reading and of writing, for a query's intent (query-signals.ts). */
export const CZECH_READ = new Set([
  "najdi",
  "vyhledej",
  "seznam",
  "ukaz",
  "jake",
  "jaky",
  "kdo",
  "co",
  "kolik",
  "stahni",
]);
export const CZECH_WRITE = new Set(
  "zaloz vytvor pridej zapis naplanuj vystav zadej zmen aktualizuj uprav posun presun oznac posli odesli smaz odstran zrus schval".split(
    " ",
  ),
);
