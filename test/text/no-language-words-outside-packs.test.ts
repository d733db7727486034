import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

// Files that read every language's words from src/text/lang/: these, and every file of the question side (src/ask, src/query, src/answer, src/text outside the packs).
const LISTED_FILES = [
  'src/chunking/sentence-abbreviations.ts',
  'src/chunking/sentences.ts',
  'src/config/default-schema.ts',
  'src/core/stem.ts',
  'src/extraction/nlp/dictionary.ts',
  'src/extraction/nlp/extract-with-nlp.ts',
  'src/extraction/nlp/find-descriptors.ts',
  'src/extraction/nlp/find-mentions.ts',
  'src/extraction/nlp/match-relations.ts',
  'src/extraction/nlp/refer-back.ts',
  'src/extraction/nlp/type-mention.ts',
  'src/ingest/detect-language.ts',
  'src/ingest/parse-date.ts',
];

/** Every .ts file under a source folder (relative to the repository root), without `skip`. */
function sourceFiles(folder: string, skip: string): string[] {
  const root = new URL('../../', import.meta.url);
  return (readdirSync(new URL(folder, root), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `${folder}/${file}`)
    .filter((file) => !file.startsWith(skip));
}

const REWIRED_FILES = [...LISTED_FILES, ...['src/ask', 'src/query', 'src/answer', 'src/text'].flatMap((folder) => sourceFiles(folder, 'src/text/lang/'))];

// Words of the packs' lists that no language-free code needs to spell out.
const TELLTALE_WORDS = [
  'desormais', 'actuellement', 'quel', 'quelle', 'which', 'who', 'fournisseur', 'supplies', 'supplier', 'societe', 'entreprise', 'compan',
  'the', 'this', 'les', 'une', 'est', 'etait', 'cette', 'leur', 'and', 'et', 'of', 'de', 'du', 'des', 'della', 'von', 'mme', 'mlle', 'dre', 'prof',
  'said', 'leads', 'dirige', 'janvier', 'january', 'lundi', 'monday', 'ing', 'ment',
];

/** The source without its comments (block comments, and line comments that start a line or follow a space). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** Telltale words the code spells out: alone or in a list of words in a string ('the', "le la les"), or in a RegExp alternation (which|who). */
function telltaleWordsIn(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(['"`])([\p{Ll}'’.]+(?: [\p{Ll}'’.]+)*)\1/gu)) {
    // A word list ('le la les') is mostly telltale words; a message ('the question is empty') is not.
    const words = (match[2] as string).split(' ');
    const telltale = words.filter((word) => TELLTALE_WORDS.includes(word));
    if (telltale.length * 2 >= words.length) for (const word of telltale) found.add(word);
  }
  for (const match of code.matchAll(/(?<=[(|:])[\p{Ll}]+(?=[|)])/gu)) if (TELLTALE_WORDS.includes(match[0])) found.add(match[0]);
  return [...found];
}

test('the telltale check finds words in strings and alternations, not in comments', () => {
  assert.deepEqual(telltaleWordsIn(withoutComments("const a = new Set(['the', 'le']); // 'which'\nconst b = /(which|who)\\b/;\n/** \"desormais\" */ const c = plainWordSet('est sont');")), ['the', 'est', 'which', 'who']);
});

test('rewired files name no language\'s words outside src/text/lang/', () => {
  for (const file of REWIRED_FILES) {
    const found = telltaleWordsIn(withoutComments(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')));
    assert.deepEqual(found, [], `${file} spells out ${found.join(', ')}`);
  }
});
