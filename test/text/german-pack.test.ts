import assert from 'node:assert/strict';
import { test } from 'node:test';
import { abbreviationKind } from '../../src/chunking/sentence-abbreviations.js';
import { stemWord } from '../../src/core/stem.js';
import { isStopWord } from '../../src/text/words.js';
import { findDates } from '../../src/text/find-dates.js';
import { detectLanguage } from '../../src/ingest/detect-language.js';
import { parseDate } from '../../src/ingest/parse-date.js';
import { isTemporalQuestion } from '../../src/text/question-signals.js';
import { detectLanguageCode, englishPack, germanPack, languagePack, languagePacks, registerLanguagePack } from '../../src/text/lang/index.js';

const german = 'Die Firma liefert die Pumpen für das Werk in Bremen. Der Vertrag wurde im März unterzeichnet und ist nicht verlängert worden.';

test('before it is registered, German falls back to English and adds nothing', () => {
  assert.equal(languagePack('de'), englishPack);
  assert.equal(isStopWord('und'), false);
  assert.deepEqual(findDates('am 3. März 2024'), []);
});

test('a third language is one pack file plus one registration', () => {
  registerLanguagePack(germanPack);
  assert.equal(languagePack('de'), germanPack);
  assert.deepEqual(
    languagePacks().map((pack) => pack.code),
    ['en', 'fr', 'de'],
  );
  assert.equal(germanPack.stem('Häuser'), 'haus');
  assert.equal(germanPack.snowballStem('Lieferanten'), 'lieferant');
  assert.ok(germanPack.stopWords.has('und') && germanPack.stopWords.has('fur'));
  assert.ok(germanPack.questionWords.has('wer') && germanPack.questionWords.has('wann'));
  assert.ok(germanPack.names.titles.has('herr') && germanPack.names.connectors.has('von'));

  // Language-free checks now read German words too.
  assert.equal(isStopWord('und'), true);
  assert.deepEqual(findDates('Unterzeichnet am 3. März 2024 in Bremen.').map((date) => date.iso), ['2024-03-03']);
  assert.equal(parseDate('Montag, 4. März 2024'), '2024-03-04');
  assert.equal(isTemporalQuestion('Wer leitet derzeit das Projekt?'), true);
  assert.equal(abbreviationKind('z.B', 'de'), 'never-ends');
  assert.equal(abbreviationKind('z.B', 'en'), null);
  assert.equal(detectLanguageCode(german), 'de');
  assert.equal(abbreviationKind('Hr', 'de'), 'never-ends');
});

test('registering German leaves English and French as they were', () => {
  registerLanguagePack(germanPack);
  assert.equal(stemWord('supplies'), 'suppl');
  assert.equal(stemWord('Lieferanten'), 'lieferanten');
  assert.equal(detectLanguage('The supplier of the pumps is based in Lyon.'), 'en');
  // Documents are still stored as English or French until the records' language list grows.
  assert.equal(detectLanguage(german), 'en');
  assert.equal(abbreviationKind('art', 'fr'), 'never-ends');
});
