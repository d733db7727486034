import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Language } from '../../src/core/records.js';
import { splitSentences } from '../../src/chunking/sentences.js';
import { buildRandomText, createRandom } from './random-text.js';

function sentencesOf(text: string, language: Language = 'en'): string[] {
  return splitSentences(text, language).map((sentence) => sentence.text);
}

describe('splitSentences', () => {
  test('does not split after abbreviations, initials or inside numbers', () => {
    assert.deepEqual(
      sentencesOf('Dr. Smith met T. Wierzba and Prof. J. Dupont at St. Pancras on Jan. 3 at 5 p.m. The growth was 3.8% e.g. in Q3. Mr. and Mrs. Lee agreed, i.e. everyone did.'),
      ['Dr. Smith met T. Wierzba and Prof. J. Dupont at St. Pancras on Jan. 3 at 5 p.m.', 'The growth was 3.8% e.g. in Q3.', 'Mr. and Mrs. Lee agreed, i.e. everyone did.'],
    );
    assert.deepEqual(
      sentencesOf('See Fig. 2 and p. 14, cf. the annex, vs. the plan. Item No. 5 failed. I said no. Then I left.'),
      ['See Fig. 2 and p. 14, cf. the annex, vs. the plan.', 'Item No. 5 failed.', 'I said no.', 'Then I left.'],
    );
  });

  test('ends a sentence after Ltd., Inc. or etc. only before a capitalised word', () => {
    assert.deepEqual(
      sentencesOf('Greyline Haulage Ltd. won the bid. The contract went to Acme Inc. Work starts soon. Trucks, vans, etc. are covered.'),
      ['Greyline Haulage Ltd. won the bid.', 'The contract went to Acme Inc.', 'Work starts soon.', 'Trucks, vans, etc. are covered.'],
    );
  });

  test('keeps closing quotes and brackets with their sentence and splits on ? and !, not on ;', () => {
    assert.deepEqual(sentencesOf('He said "Stop." Then he left (quietly.) Really?! Yes; truly. "Why?" she asked.'), [
      'He said "Stop."',
      'Then he left (quietly.)',
      'Really?!',
      'Yes; truly.',
      '"Why?" she asked.',
    ]);
  });

  test('handles ellipses', () => {
    assert.deepEqual(sentencesOf('We waited... and waited. Then… Nothing happened.'), ['We waited... and waited.', 'Then…', 'Nothing happened.']);
  });

  test('splits French text with its spacing, guillemets and titles', () => {
    assert.deepEqual(
      sentencesOf("M. Dupont et Mme Martin ont signé. J.-P. Durand, cf. art. 3, était absent. « Vraiment ? » demanda-t-il. Oui ! Me. Leroy l'a confirmé.", 'fr'),
      ['M. Dupont et Mme Martin ont signé.', 'J.-P. Durand, cf. art. 3, était absent.', '« Vraiment ? » demanda-t-il.', 'Oui !', "Me. Leroy l'a confirmé."],
    );
    assert.deepEqual(sentencesOf('I love art. It helps.', 'en'), ['I love art.', 'It helps.'], '"art." is an abbreviation only in French');
  });

  test('applies the newline rules: blank lines, headings, list items, title lines, wrapped prose', () => {
    const text = [
      'Fleet maintenance contract awarded for Fenwick Yard',
      '2022-04-11',
      '',
      '# Results',
      'The contract was awarded to',
      'Greyline Haulage for three years',
      'and it starts in May',
      '- first item',
      '- second item wraps',
      '  onto a second line',
      '1. Numbered step. Then more',
      '',
      'No final punctuation here',
      'New paragraph-like line.',
    ].join('\n');
    assert.deepEqual(sentencesOf(text), [
      'Fleet maintenance contract awarded for Fenwick Yard',
      '2022-04-11',
      '# Results',
      'The contract was awarded to\nGreyline Haulage for three years\nand it starts in May',
      '- first item',
      '- second item wraps\n  onto a second line',
      '1. Numbered step.',
      'Then more',
      'No final punctuation here',
      'New paragraph-like line.',
    ]);
  });

  test('returns nothing for empty or blank text', () => {
    assert.deepEqual(splitSentences('', 'en'), []);
    assert.deepEqual(splitSentences(' \n\n\t ', 'fr'), []);
  });

  test('keeps offsets true and covers every non-blank character exactly once on random texts', () => {
    const random = createRandom(42);
    for (let round = 0; round < 200; round += 1) {
      const text = buildRandomText(random, 1 + Math.floor(random() * 40));
      const language: Language = round % 2 === 0 ? 'en' : 'fr';
      const sentences = splitSentences(text, language);
      let previousEnd = 0;
      let covered = 0;
      for (const sentence of sentences) {
        assert.equal(text.slice(sentence.start, sentence.end), sentence.text);
        assert.equal(sentence.text, sentence.text.trim());
        assert.ok(sentence.text.length > 0);
        assert.ok(sentence.start >= previousEnd, 'sentences are ordered and disjoint');
        assert.equal(text.slice(previousEnd, sentence.start).trim(), '', 'only whitespace between sentences');
        covered += sentence.text.replace(/\s/g, '').length;
        previousEnd = sentence.end;
      }
      assert.equal(text.slice(previousEnd).trim(), '');
      assert.equal(covered, text.replace(/\s/g, '').length);
    }
  });
});
