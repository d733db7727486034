import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blankNames, blankNamesByExpression, FOLDS_INTO_PLAIN, isPlainCharacter, PLAIN_LATIN_LIMIT } from '../../src/text/blank-names.js';

const escapeForExpression = (character: string) => `\\u{${(character.codePointAt(0) as number).toString(16)}}`;

test('plain Latin characters match case-insensitively (as /iu does) exactly when their lower-case forms are equal, each one code unit', () => {
  const plain = Array.from({ length: PLAIN_LATIN_LIMIT }, (_, code) => code).filter(isPlainCharacter).map((code) => String.fromCharCode(code));
  for (const left of plain) {
    assert.equal(left.toLowerCase().length, 1, `U+${left.charCodeAt(0).toString(16)}`);
    const expression = new RegExp(`^${escapeForExpression(left)}$`, 'iu');
    for (const right of plain) assert.equal(expression.test(right), left.toLowerCase() === right.toLowerCase(), `U+${left.charCodeAt(0).toString(16)} vs U+${right.charCodeAt(0).toString(16)}`);
  }
});

test('plain characters outside Latin fold to themselves, and no cased character of the basic plane matches one case-insensitively', () => {
  const caseless: string[] = [];
  const cased: string[] = [];
  for (let code = PLAIN_LATIN_LIMIT; code <= 0xffff; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCharCode(code);
    if (isPlainCharacter(code)) {
      assert.equal(/\p{Changes_When_Casefolded}/u.test(character), false, `U+${code.toString(16)}`);
      assert.equal(character.toLowerCase(), character);
      caseless.push(character);
    } else cased.push(character);
  }
  for (let code = 0; code < PLAIN_LATIN_LIMIT; code += 1) if (/\p{Changes_When_Casemapped}/u.test(String.fromCharCode(code))) cased.push(String.fromCharCode(code));
  assert.ok(caseless.length > 40_000 && cased.length > 2_000);
  const anyCaseless = new RegExp(`^[${caseless.map(escapeForExpression).join('')}]$`, 'iu');
  for (const character of cased) assert.equal(anyCaseless.test(character), false, `U+${(character.codePointAt(0) as number).toString(16)}`);
});

test('names are blanked as whole words, the longest first, case aside', () => {
  const text = 'Acme Holdings bought ACME, not Acmeville; the Acme Holdings Trust – and “Zoë Ørsted” – sold it.';
  const names = ['Acme', 'Acme Holdings', 'Acme Holdings Trust', 'Zoë Ørsted'];
  assert.equal(blankNames(text, names), '  bought  , not Acmeville; the   – and “ ” – sold it.');
  assert.equal(blankNames(text, names), blankNamesByExpression(text, names));
});

test('text outside the plain characters gets the regular-expression result', () => {
  const cases: Array<[string, string[]]> = [
    ['Ἀθῆναι and ΑΘΗΝΑ near Αθηνα', ['αθηνα']],
    ['İstanbul or istanbul', ['istanbul']],
    ['ſtrand and Strand', ['strand']],
    ['𝐀Kappa Kappa', ['kappa']],
  ];
  for (const [text, names] of cases) assert.equal(blankNames(text, names), blankNamesByExpression(text, names), text);
});

/** Random texts over an alphabet (a fixed seed), each with a few names taken from it, some upper-cased. */
function* randomCases(seed: number, alphabet: readonly string[], rounds: number): Generator<{ text: string; names: string[] }> {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (let round = 0; round < rounds; round += 1) {
    const text = Array.from({ length: 4 + Math.floor(random() * 30) }, () => alphabet[Math.floor(random() * alphabet.length)] as string).join('');
    // Substrings (which seldom stand as whole words) and the text's own words (which do).
    const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
    const names = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
      const start = Math.floor(random() * text.length);
      const name = random() < 0.5 && words.length > 0 ? (words[Math.floor(random() * words.length)] as string) : text.slice(start, start + 1 + Math.floor(random() * 5));
      return random() < 0.5 ? name.toUpperCase() : name;
    }).filter((name) => name.length > 0);
    yield { text, names };
  }
}

test('the plain matcher agrees with the regular expression on random text', () => {
  const alphabet = ['a', 'b', 'A', 'B', 'é', 'É', ' ', ' ', '-', '’', '7', 'ß', 'ø', 'Ø', '.'];
  for (const { text, names } of randomCases(7, alphabet, 3000)) assert.equal(blankNames(text, names), blankNamesByExpression(text, names), JSON.stringify({ text, names }));
});

test('the characters outside the plain ones that meet a plain one case aside, or lower-case to one or to two code units, are those listed', () => {
  const plain: string[] = [];
  for (let code = 0; code <= 0xffff; code += 1) if (isPlainCharacter(code)) plain.push(String.fromCharCode(code));
  const anyPlain = new RegExp(`^[${plain.map(escapeForExpression).join('')}]$`, 'iu');
  const found: number[] = [];
  for (let code = 0; code <= 0xffff; code += 1) {
    if ((code >= 0xd800 && code <= 0xdfff) || isPlainCharacter(code)) continue;
    const character = String.fromCharCode(code);
    const lower = character.toLowerCase();
    if (lower.length !== 1 || isPlainCharacter(lower.charCodeAt(0)) || anyPlain.test(character)) found.push(code);
  }
  assert.deepEqual(found, [...FOLDS_INTO_PLAIN].sort((left, right) => left - right));
});

test('the plain matcher agrees with the regular expression on text mixing plain characters with others, cased or not', () => {
  // Plain characters most often; Greek, Cyrillic and Armenian letters (which meet no plain character) less; least, the Kelvin sign, capital
  // sharp s, mu, schwa and a letter outside the basic plane: many texts hold none of those, and their words meet plain names.
  const plain = ['a', 'k', 'K', 's', 'ß', 'µ', 'é', ' ', ' ', '-', '7'];
  const otherCased = ['Α', 'α', 'Σ', 'σ', 'ς', 'Д', 'д', 'Ա', 'ա'];
  const alphabet = [...Array.from({ length: 12 }, () => plain).flat(), ...otherCased, ...otherCased, '\u212a', '\u1e9e', 'μ', 'Μ', 'ə', 'Ə', '𝐀'];
  for (const { text, names } of randomCases(11, alphabet, 4000)) {
    // As drawn (names with other characters always take the expression), and made plain: plain names on a text the fast path now compares,
    // a character that meets a plain one case aside replaced by that one ("K" Kelvin sign by "k"), so that a name may meet it.
    const plainOf: Record<string, string> = { '\u212a': 'k', '\u1e9e': 'ß', μ: 'µ', Μ: 'µ' };
    for (const chosen of [names, names.map((name) => name.replace(/[^a-zA-Z7 \-éßµ]/gu, (character) => plainOf[character] ?? 'a'))]) {
      assert.equal(blankNames(text, chosen), blankNamesByExpression(text, chosen), JSON.stringify({ text, names: chosen }));
    }
  }
});
