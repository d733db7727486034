import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTitleIndex, passagesAboutNames, passagesAboutQuestion, type TitleIndex } from '../../src/query/local/title-passages.js';

const titles: TitleIndex = {
  longestKeyWords: 3,
  titles: new Map([
    ['pterocarya', ['c-ptero']],
    ['cotula', ['c-cotula']],
    ['big hero 6', ['c-bighero']],
    ['neighbours', ['c-soap']],
    ['maximum overdrive', ['c-film-1', 'c-film-2']],
  ]),
  headings: new Map(),
  documentOf: new Map(),
};

test('a question that writes a document title as a name reaches that document\'s passages', () => {
  assert.deepEqual(passagesAboutQuestion('Which plant is larger, the Pterocarya or the Cotula?', [], titles).meant, ['c-ptero', 'c-cotula']);
  assert.deepEqual(passagesAboutQuestion('Both Never Cry Wolf and Big Hero 6 films were released by what label?', [], titles).meant, ['c-bighero']);
});

test('a title written in lower case is an ordinary word, not a name', () => {
  assert.deepEqual(passagesAboutQuestion('Which neighbours of the mill complained?', [], titles).meant, []);
  assert.deepEqual(passagesAboutQuestion('Who wrote Neighbours?', [], titles).meant, ['c-soap']);
});

test('the passages titled with a linked entity\'s name or alias come first, every chunk of the document', () => {
  assert.deepEqual(passagesAboutQuestion('Who directed the film shot in Leland in 1986?', ['Maximum Overdrive'], titles).meant, ['c-film-1', 'c-film-2']);
  assert.deepEqual(passagesAboutQuestion('Who directed it?', ['Nobody Here'], titles).meant, []);
});

test('of namesake pages ("Vorrin (footballer)", "Vorrin (consultant)"), only the one the ranking puts first is about the question', () => {
  const documents = [
    { id: 'd-footballer', title: 'Scott Vorrin (footballer)' },
    { id: 'd-consultant', title: 'Scott Vorrin (political consultant)' },
    { id: 'd-mayor', title: 'Velbrook mayoralty' },
    { id: 'd-club', title: 'Corvel United' },
  ];
  const chunks = [
    { id: 'c-footballer', documentId: 'd-footballer' },
    { id: 'c-consultant-1', documentId: 'd-consultant' },
    { id: 'c-consultant-2', documentId: 'd-consultant' },
    { id: 'c-mayor', documentId: 'd-mayor' },
    { id: 'c-club', documentId: 'd-club' },
  ];
  const index = buildTitleIndex(documents, chunks);
  const ranking = ['c-consultant-2', 'c-footballer', 'c-consultant-1'];
  const rankOf = (id: string) => (ranking.includes(id) ? ranking.indexOf(id) : Number.POSITIVE_INFINITY);
  assert.deepEqual(passagesAboutQuestion('Scott Vorrin is a consultant who has worked with which mayor?', ['Scott Vorrin'], index, rankOf), { meant: ['c-consultant-1', 'c-consultant-2'], namesakes: ['c-footballer'] });
  assert.deepEqual(passagesAboutQuestion('Which club did Scott Vorrin play for?', ['Scott Vorrin'], index, (id) => (id === 'c-footballer' ? 0 : rankOf(id))), { meant: ['c-footballer'], namesakes: ['c-consultant-1', 'c-consultant-2'] });
});

test('chunks are indexed by their document title and their own heading; a title most documents share is left out', () => {
  const documents = [
    { id: 'd-options', title: 'Kestrel' },
    { id: 'd-workers', title: 'Kestrel' },
    { id: 'd-queues', title: 'Kestrel' },
    { id: 'd-release', title: 'Kestrel 4 release notes' },
  ];
  const chunks = [
    { id: 'c-poll', documentId: 'd-options', section: 'Kestrel › Shared Options › pollMode' },
    { id: 'c-retry', documentId: 'd-options', section: 'Kestrel › Shared Options › retryLimit' },
    { id: 'c-workers', documentId: 'd-workers', section: 'Kestrel › Workers' },
    { id: 'c-queues', documentId: 'd-queues' },
    { id: 'c-release', documentId: 'd-release' },
  ];
  const index = buildTitleIndex(documents, chunks);
  assert.deepEqual(index.headings.get('pollmode'), ['c-poll']);
  assert.deepEqual(index.titles.get('kestrel 4 release notes'), ['c-release']);
  assert.equal(index.titles.get('kestrel'), undefined, 'three of four documents are titled "Kestrel": it names the collection');
  assert.deepEqual(passagesAboutQuestion('What values does the pollMode option accept?', ['pollMode'], index).meant, ['c-poll']);
});

test('the passages about a name are told apart: a page titled with it, or a section headed with it in a page about something else', () => {
  const documents = [
    { id: 'd-corvel', title: 'Corvel' },
    { id: 'd-guide', title: 'Configuration guide' },
    { id: 'd-other', title: 'Release notes' },
    { id: 'd-faq', title: 'Questions' },
  ];
  const chunks = [
    { id: 'c-corvel-1', documentId: 'd-corvel' },
    { id: 'c-corvel-2', documentId: 'd-corvel', section: 'Corvel › History' },
    { id: 'c-guide', documentId: 'd-guide', section: 'Configuration guide › Corvel' },
    { id: 'c-other', documentId: 'd-other' },
  ];
  assert.deepEqual(passagesAboutNames(['Corvel'], buildTitleIndex(documents, chunks)), { pages: ['c-corvel-1', 'c-corvel-2'], sections: ['c-guide'] });
  assert.deepEqual(passagesAboutNames(['Kestrel'], buildTitleIndex(documents, chunks)), { pages: [], sections: [] });
});
