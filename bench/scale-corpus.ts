import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchCorpus } from './corpus.js';

/**
 * A corpus of `size` passages grown from a base corpus without ever repeating a passage: copy 0 is
 * the base as it is; in copy k ≥ 1 every proper-name word (a capitalised word whose lower-case form
 * the base never uses) is renamed to an invented word, consistently within the copy. About one name
 * word in seven keeps its name in every copy, so copies share some hubs the way a real growing corpus
 * shares its frequent names, and the graph grows with the corpus instead of repeating itself.
 * Questions are renamed the same way, so each copy's questions ask about that copy's names.
 */
export function growCorpus(base: BenchCorpus, size: number): BenchCorpus {
  const nameWords = findNameWords(base);
  const passages: BenchCorpus['passages'] = [];
  const questions: string[] = [];
  for (let index = 0; index < size; index += 1) {
    const copy = Math.floor(index / base.passages.length);
    const passage = base.passages[index % base.passages.length] as BenchCorpus['passages'][number];
    const rename = (text: string) => renameNames(text, nameWords, copy);
    passages.push({ id: `${passage.id}-${copy}`, title: rename(passage.title), text: rename(passage.text) });
  }
  const copies = Math.ceil(size / Math.max(base.passages.length, 1));
  for (let copy = 0; copy < copies; copy += 1) for (const question of base.questions) questions.push(renameNames(question, nameWords, copy));
  return { name: `${base.name} grown to ${size} passages`, passages, questions };
}

/** Writes the passages as .txt files (title line, blank line, text) in subfolders of 1,000 files. */
export function writeGrownCorpus(corpus: BenchCorpus, folder: string): number {
  corpus.passages.forEach((passage, index) => {
    const subfolder = path.join(folder, String(Math.floor(index / 1000)).padStart(3, '0'));
    if (index % 1000 === 0) mkdirSync(subfolder, { recursive: true });
    writeFileSync(path.join(subfolder, `${passage.id}.txt`), `${passage.title}\n\n${passage.text}\n`);
  });
  return corpus.passages.length;
}

const WORD = /\p{Lu}[\p{Ll}\p{Lu}'’-]*/gu;

/** Capitalised words of the base corpus whose lower-case form never occurs in it: the words of names. */
function findNameWords(base: BenchCorpus): Set<string> {
  const lowerWords = new Set<string>();
  const capitalised = new Set<string>();
  for (const passage of base.passages) {
    for (const text of [passage.title, passage.text]) {
      for (const word of text.split(/[^\p{L}'’-]+/u)) {
        if (word.length === 0) continue;
        if (/^\p{Lu}/u.test(word)) capitalised.add(word);
        else lowerWords.add(word);
      }
    }
  }
  return new Set([...capitalised].filter((word) => !lowerWords.has(word.toLowerCase()) && word.length > 1));
}

const SYLLABLES = ['ba', 'ko', 'ri', 'tal', 'men', 'so', 'vu', 'dar', 'el', 'fi', 'gan', 'ho', 'ju', 'ka', 'lor', 'mi', 'no', 'pe', 'qua', 'ras', 'sen', 'tu', 'va', 'wen', 'xi', 'yor', 'za', 'bel', 'cor', 'dun', 'ero', 'fal', 'gor', 'hal', 'ist', 'jen', 'kel', 'lum', 'mar', 'nis', 'ost', 'pra', 'rin', 'sul', 'tor', 'umb', 'ves', 'wyn'];

function renameNames(text: string, nameWords: Set<string>, copy: number): string {
  if (copy === 0) return text;
  return text.replace(WORD, (word) => (nameWords.has(word) && hashOf(word) % 7 !== 0 ? inventName(word, copy) : word));
}

/** A pronounceable invented word, fixed for one (word, copy) pair. */
function inventName(word: string, copy: number): string {
  let hash = hashOf(`${word}#${copy}`);
  const length = 3 + (hash % 2);
  let name = '';
  for (let syllable = 0; syllable < length; syllable += 1) {
    hash = Math.imul(hash ^ (hash >>> 15), 2246822507) >>> 0;
    name += SYLLABLES[hash % SYLLABLES.length];
  }
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** FNV-1a over UTF-16 code units. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619) >>> 0;
  return hash;
}
