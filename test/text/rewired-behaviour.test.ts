import assert from 'node:assert/strict';
import { test } from 'node:test';
import { abbreviationKind } from '../../src/chunking/sentence-abbreviations.js';
import { stemWord } from '../../src/core/stem.js';
import { isCommonWord, isStopWord } from '../../src/text/words.js';
import { isDictionaryWord } from '../../src/extraction/nlp/dictionary.js';
import { findDates, isMonthName } from '../../src/text/find-dates.js';
import { detectLanguage } from '../../src/ingest/detect-language.js';
import { parseDateLine } from '../../src/ingest/parse-date.js';
import { concernLexicon, isConcernHead } from '../../src/text/concerns/concern-lexicon.js';
import * as signals from '../../src/text/question-signals.js';

// Every expected value below was computed with the implementation before the language packs.

// Since 2026-12-06 a suffix that leaves a stem ending in "e" takes it too ("managements" → manag, as "manage" is).
test('stemWord gives the same stems as before the packs', () => {
  const expected: Record<string, string> = {
    supplies: 'suppl', supply: 'suppl', supplied: 'suppl', Relations: 'rel', relation: 'rel', managements: 'manag', leading: 'lead', led: 'lead',
    Founded: 'found', found: 'find', built: 'build', users: 'user', user: 'user', décisions: 'decision', fournisseurs: 'fournisseur',
    Établissement: 'etabliss', projet: 'projet', the: 'the', cat: 'cat', Oversaw: 'overse', happy: 'happ', running: 'runn', boxes: 'box',
  };
  for (const [word, stem] of Object.entries(expected)) assert.equal(stemWord(word), stem, word);
});

test('stop words, common words and month names are the same as before', () => {
  const expected: Array<[string, boolean, boolean]> = [
    ['the', true, true], ['les', true, true], ['deja', true, true], ['monsieur', false, true], ['january', false, true], ['aout', false, true],
    ['lundi', false, true], ['team', false, true], ['harbour', false, false], ['lina', false, false], ['which', true, true], ['mai', false, true],
  ];
  for (const [word, stop, common] of expected) {
    assert.equal(isStopWord(word), stop, word);
    assert.equal(isCommonWord(word), common, word);
  }
  assert.deepEqual(['Août', 'May', 'Mai', 'Monday', 'Maison'].map(isMonthName), [true, true, true, false, false]);
});

test('findDates and parseDateLine read the same dates as before', () => {
  assert.deepEqual(findDates('Signed on 1st May 2024, renewed 3 août 2025 and due March 4, 2026; reviewed in avril 2023 and on 2022-11-30.'), [
    { iso: '2024-05-01', start: 10, end: 22 },
    { iso: '2025-08-03', start: 32, end: 43 },
    { iso: '2026-03-04', start: 52, end: 65 },
    { iso: '2023-04', start: 79, end: 89 },
    { iso: '2022-11-30', start: 97, end: 107 },
  ]);
  const lines: Array<[string, string | null]> = [
    ['Publié le 1er avril 2022', '2022-04-01'], ['Monday, April 11th, 2022', '2022-04-11'], ['lundi 11 avril 2022', '2022-04-11'],
    ['Date: 3 Sept. 2021', '2021-09-03'], ['11 févr. 2020', '2020-02-11'], ['le 31 juin 2022', null],
  ];
  for (const [line, iso] of lines) assert.equal(parseDateLine(line), iso, line);
});

test('detectLanguage and abbreviationKind answer as before', () => {
  const texts: Array<[string, string]> = [
    ['The supplier of the pumps is based in Lyon.', 'en'], ['Le fournisseur des pompes est basé à Lyon.', 'fr'], ['café été', 'fr'], ['Lina Ferraz', 'en'], ['', 'en'],
  ];
  for (const [text, language] of texts) assert.equal(detectLanguage(text), language, text);
  const kinds: Array<[string, string | null, string | null]> = [
    ['Dr', 'never-ends', 'never-ends'], ['Mme', 'never-ends', 'never-ends'], ['art', null, 'never-ends'], ['etc', 'ends-before-capital', 'ends-before-capital'],
    ['Ltée', 'ends-before-capital', 'ends-before-capital'], ['No', 'ends-unless-number', 'ends-unless-number'], ['déc', 'ends-unless-number', 'ends-unless-number'],
    ['Me', null, 'never-ends'], ['dog', null, null],
  ];
  for (const [word, english, french] of kinds) assert.deepEqual([abbreviationKind(word, 'en'), abbreviationKind(word, 'fr')], [english, french], word);
});

test('question signals read the same questions as before', () => {
  const expected: Array<[string, boolean, boolean, boolean, boolean, boolean, string]> = [
    ['What are the main themes across these documents?', true, false, false, false, false, 'What are the these'],
    ['Quels sont les grands thèmes ?', true, false, false, false, false, 'Quels sont les ?'],
    // The English list's forms in French: recurring issues after their noun, "across the documents", "in general", "most often".
    ['Quels enjeux récurrents ressortent à travers les documents ?', true, false, false, false, false, 'Quels enjeux ressortent à travers les ?'],
    ['De manière générale, quelles difficultés reviennent le plus souvent ?', true, false, false, true, true, 'De manière générale, quelles difficultés reviennent le plus souvent ?'],
    ['Quel est le principal risque du projet Corvel ?', false, false, false, false, false, 'Quel est le principal risque du projet Corvel ?'],
    ['Which suppliers does Verinta work with?', false, true, false, false, false, 'Which suppliers does Verinta work with?'],
    ['Quelles entreprises travaillent avec Aubrac ?', false, true, false, false, false, 'Quelles entreprises travaillent avec Aubrac ?'],
    ['Who currently leads the project?', false, false, true, false, false, 'Who currently leads the project?'],
    ['Qui dirige désormais le projet ?', false, false, true, false, false, 'Qui dirige désormais le projet ?'],
    ['What happened in 2021?', false, false, true, false, false, 'What happened in 2021?'],
    ['How many projects are there?', false, false, false, true, false, 'How many projects are there?'],
    ['Combien de projets ?', false, false, false, true, false, 'Combien de projets ?'],
    ['What risks does the programme face?', false, false, false, false, true, 'What risks does the programme face?'],
    ['Quels problèmes ?', false, false, false, false, true, 'Quels problèmes ?'],
    ['Who leads Harbour Line?', false, false, false, false, false, 'Who leads Harbour Line?'],
  ];
  for (const [question, corpusWide, list, temporal, aggregate, concerns, withoutMeta] of expected) {
    assert.deepEqual(
      [signals.isCorpusWideQuestion(question), signals.isListQuestion(question), signals.isTemporalQuestion(question), signals.isAggregateQuestion(question), signals.asksAboutConcernsInGeneral(question), signals.withoutMetaWords(question)],
      [corpusWide, list, temporal, aggregate, concerns, withoutMeta],
      question,
    );
  }
});

test('the concern lexicon and the dictionary answer as before', () => {
  const lexicon = concernLexicon(['widget']);
  const expected: Array<[string, string | null, boolean, boolean]> = [
    ['delayed', 'schedule', false, false], ['slippage', 'schedule', false, false], ['pannes', 'failure', false, false], ['corroded', 'deterioration', false, false],
    ['issues', null, true, true], ['issued', null, false, false], ['later', null, false, false], ['widgets', 'custom:widget', false, false],
    ['risques', null, true, true], ['enjeux', null, false, true], ['critical', null, true, false],
  ];
  for (const [word, family, marker, head] of expected) assert.deepEqual([lexicon.familyOf(word) ?? null, lexicon.isMarker(word), isConcernHead(word)], [family, marker, head], word);
  assert.deepEqual([isDictionaryWord('overall', 'en'), isDictionaryWord('verinta', 'en'), isDictionaryWord('recrutement', 'fr'), isDictionaryWord('overall', 'fr')], [true, false, true, false]);
});
