import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { stripAccents } from '../../src/core/normalise.js';
import { isGivenName } from '../../src/text/given-names.js';
import { languagePacks } from '../../src/text/lang/registry.js';

const SHARED_CORPORA = path.resolve('..', 'shared', 'eval', 'corpora');
const DEV_FIXTURES = path.resolve('test', 'fixtures', 'dev');

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * The texts of every invented development corpus: ../shared/eval/corpora and the documents carried by the
 * JSON sets of test/fixtures/dev (a set of real documents, in a folder beside its JSON, names real things).
 */
function developmentTexts(): string[] {
  const texts: string[] = [];
  if (existsSync(SHARED_CORPORA)) for (const file of filesUnder(SHARED_CORPORA)) texts.push(readFileSync(file, 'utf8'));
  for (const name of readdirSync(DEV_FIXTURES).filter((file) => file.endsWith('.json'))) {
    const parsed = JSON.parse(readFileSync(path.join(DEV_FIXTURES, name), 'utf8')) as { documents?: Array<{ text?: string }> };
    for (const document of parsed.documents ?? []) texts.push(document.text ?? '');
  }
  return texts;
}

/** Real names the corpora also write, which src/ may use: languages, countries and their peoples. */
const REAL_NAMES = new Set(['English', 'French', 'France', 'German', 'Australian']);

/**
 * The words the development corpora coin as names: capitalised, never written in lower case there, and
 * neither a dictionary word, a month or a weekday of any language pack, a given name of the gazetteer nor a
 * real country or language ("Velbrook" is one, "September", "Imogen" and "France" are not).
 */
function coinedNames(texts: readonly string[]): Set<string> {
  const lowercase = new Set(texts.flatMap((text) => text.match(/\b\p{Ll}[\p{L}]+\b/gu) ?? []).map((word) => stripAccents(word)));
  const calendar = new Set(languagePacks().flatMap((pack) => [...Object.keys(pack.dates.months), ...pack.dates.weekdays]).map((word) => stripAccents(word).toLowerCase()));
  const names = new Set<string>();
  for (const text of texts) {
    for (const [word] of text.matchAll(/\b\p{Lu}\p{Ll}{4,}\b/gu)) {
      const plain = stripAccents(word).toLowerCase();
      if (REAL_NAMES.has(word) || isGivenName(word) || lowercase.has(plain) || calendar.has(plain) || languagePacks().some((pack) => pack.isDictionaryWord(plain))) continue;
      names.add(word);
    }
  }
  return names;
}

test('no rule, example or comment in src/ names something a development corpus coined', { skip: !existsSync(SHARED_CORPORA) && process.env.CI !== 'true' ? '../shared/eval/corpora is absent' : false }, () => {
  assert.ok(existsSync(SHARED_CORPORA), `${SHARED_CORPORA} is needed (CI=true)`);
  const names = coinedNames(developmentTexts());
  assert.ok(names.size > 100, `only ${names.size} coined names found: the corpora were not read`);
  const found: string[] = [];
  for (const file of filesUnder(path.resolve('src')).filter((name) => name.endsWith('.ts'))) {
    const words = new Set(readFileSync(file, 'utf8').match(/\p{Lu}\p{Ll}{4,}/gu) ?? []);
    for (const name of names) if (words.has(name)) found.push(`${path.relative(process.cwd(), file)}: ${name}`);
  }
  assert.deepEqual(found, [], 'development-corpus names in src/ (use invented names such as Velbrook, Corvel, Vorrin)');
});
