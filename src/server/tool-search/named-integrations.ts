// Which integrations a query names, so that their tools come first (issue 40): "update him in raynet"
// wants a Raynet tool even when another tool matches "update" better. A query names an integration by
// its server name ("Raynet CRM", "monday.com"), by a word of that name that no other integration's tools
// use ("raynet", "caflou"), by a well-known alias or by one of its objects (integration-aliases.ts).
// Names are compared without diacritics and with room for Czech endings ("v raynetu", "v jiře") and
// for one typo in a long name ("salesfroce").
import { PRODUCT_ALIASES } from "./integration-aliases.ts";

/** Lower case, no diacritics, words apart: "Google Kalendáře" → ["google", "kalendare"]. */
export function plainWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+|\.(?=\s|$)/u)
    .map((word) => word.replace(/^\.+|\.+$/g, ""))
    .filter((word) => word.length > 0);
}

/** Whether two words differ by at most one edit (a letter added, dropped, changed or two swapped). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.slice(i + 1) === b.slice(i + 1)) return true; // changed
  if (a.slice(i + 1) === b.slice(i)) return true; // dropped from a
  if (a.slice(i) === b.slice(i + 1)) return true; // added to a
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
}

/** A query word said for a name word: itself, with a Czech ending, or (long words) with one typo. */
/** Endings Czech gives a name (v raynetu, v jiře, do hubspotu, v alvenu), without diacritics. */
const CZECH_ENDINGS = new Set([
  "a",
  "e",
  "i",
  "o",
  "u",
  "y",
  "em",
  "ou",
  "ovi",
  "ami",
  "ach",
  "ech",
  "um",
  "ove",
]);

function saysWord(queryWord: string, nameWord: string, typos = true): boolean {
  if (queryWord === nameWord) return true;
  if (nameWord.length < 4) return false;
  for (const stem of [nameWord, nameWord.slice(0, -1)]) {
    if (queryWord.startsWith(stem) && CZECH_ENDINGS.has(queryWord.slice(stem.length))) return true;
  }
  return typos && nameWord.length >= 5 && withinOneEdit(queryWord, nameWord);
}

/** Whether `words` hold `phrase`'s words in a row. */
function saysPhrase(
  words: readonly string[],
  phrase: readonly string[],
  typos: (word: string) => boolean,
): boolean {
  for (let start = 0; start + phrase.length <= words.length; start++) {
    const said = (word: string, offset: number) => {
      const queryWord = words[start + offset] ?? "";
      return saysWord(queryWord, word, typos(queryWord));
    };
    if (phrase.every(said)) return true;
  }
  return false;
}

/**
 * An alias in capitals is matched as typed; others on the plain words, with Czech endings but no typos
 * (an alias is short: "gdocs" is one letter from "docs").
 */
function saysAlias(query: string, words: readonly string[], alias: string): boolean {
  if (alias === alias.toUpperCase() && /[A-Z]/.test(alias)) return new RegExp(`\\b${alias}\\b`).test(query);
  const phrase = plainWords(alias);
  if (phrase.length === 1 && (phrase[0]?.length ?? 0) < 5) return words.includes(phrase[0] ?? "");
  return saysPhrase(words, phrase, () => false);
}

export interface NameIndex {
  /** Per server name: its tools' positions in the list. */
  toolsOf: Map<string, number[]>;
  /** Per server name: its name's words, and the words of it no other server's tools use. */
  names: { server: string; phrase: string[]; own: string[]; identity: string }[];
  /** Whether the tools use a word: a word they use is that word, not a typo of a name ("gmail"). */
  known: (word: string) => boolean;
}

/**
 * The name index of a tool list. `sharedWords(word)` tells which servers' tools use a word, so that a
 * word of a server's name that other tools use as a word ("calendar", "close") does not name it alone.
 */
export function nameIndex(
  tools: readonly { serverName: string; name: string }[],
  serversUsing: (word: string) => ReadonlySet<string> | undefined,
): NameIndex {
  const toolsOf = new Map<string, number[]>();
  const identities = new Map<string, string>();
  tools.forEach((tool, id) => {
    toolsOf.set(tool.serverName, [...(toolsOf.get(tool.serverName) ?? []), id]);
    if (!identities.has(tool.serverName)) {
      identities.set(
        tool.serverName,
        `${plainWords(tool.serverName).join(" ")} ${tool.name.replaceAll("_", " ")}`,
      );
    }
  });
  const names = [...toolsOf.keys()].map((server) => {
    const phrase = plainWords(server);
    const own = phrase.filter((word) => {
      if (word.length < 4 || /day$/.test(word)) return false;
      const users = serversUsing(word);
      return !users || [...users].every((other) => plainWords(other).includes(word));
    });
    return { server, phrase, own, identity: identities.get(server) ?? "" };
  });
  return { toolsOf, names, known: (word) => serversUsing(word) !== undefined };
}

/** The servers a query names, by name, own word, alias or object; empty when it names none. */
export function namedServers(index: NameIndex, query: string): Set<string> {
  const words = plainWords(query);
  const named = new Set<string>();
  for (const { server, phrase, own } of index.names) {
    // A word the tools use is that word, not a typo of a name ("email" is not "gmail").
    const typos = (said: string) => !index.known(said);
    const saysOwn = (word: string) => words.some((said) => saysWord(said, word, typos(said)));
    if (saysPhrase(words, phrase, typos) || own.some(saysOwn)) {
      named.add(server);
    }
  }
  for (const { product, aliases, objects } of PRODUCT_ALIASES) {
    const said =
      aliases.some((alias) => saysAlias(query, words, alias)) ||
      (objects ?? []).some((pattern) => pattern.test(query));
    if (!said) continue;
    for (const { server, identity } of index.names) if (identity.includes(product)) named.add(server);
  }
  return named;
}
