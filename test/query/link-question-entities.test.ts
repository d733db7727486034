import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_RANKING_PROFILE } from '../../src/config/ranking-profile.js';
import { jaroWinkler } from '../../src/extraction/resolution/jaro-winkler.js';
import { linkQuestionEntities } from '../../src/query/local/link-question-entities.js';
import { smallGraph } from './small-graph.js';

const graph = smallGraph([
  { name: 'Harbour Robotics', type: 'Organization' },
  { name: 'Northwind Logistics', type: 'Organization', aliases: ['NWL'] },
  { name: 'Thornbury Assurance', type: 'Organization' },
  { name: 'Summit Partners', type: 'Organization' },
  { name: 'May', type: 'Person' },
  { name: 'Vandermeer', type: 'Person' },
  { name: 'Kingsley Foods', type: 'Organization' },
  { name: 'Kingsley Bank', type: 'Organization' },
  { name: 'Kingsley Hall', type: 'Location' },
  { name: 'Oakridge Mill', type: 'Location' },
  { name: 'Oakridge Press', type: 'Organization' },
  { name: 'JS-style', type: 'Concept', aliases: ['JS'] },
  { name: 'Velmont', type: 'Organization' },
  { name: 'Western Australia', type: 'Location', aliases: ['Western Australian'] },
  { name: 'Hangar Talk', type: 'Concept' },
  { name: 'Dock 4 Annex', type: 'Location' },
]);

/** The linked entities as `name (match)`, in the order returned. */
function links(question: string, profile = DEFAULT_RANKING_PROFILE.linking): string[] {
  return linkQuestionEntities(question, graph.index, profile).map((link) => `${graph.nameOf(link.entityIndex)} (${link.match})`);
}

test('a multiword name is linked exactly, once, and its words are not linked again', () => {
  assert.deepEqual(links('Who founded Harbour Robotics in 2009?'), ['Harbour Robotics (exact)']);
  assert.deepEqual(links('who founded harbour robotics?'), ['Harbour Robotics (exact)'], 'a multiword name needs no capitals');
});

test('an alias links its entity as an alias', () => {
  assert.deepEqual(links('Where does NWL store its trucks?'), ['Northwind Logistics (alias)']);
});

test('a capitalised word that is part of one entity name links that entity', () => {
  assert.deepEqual(links('Who insures Thornbury against floods?'), ['Thornbury Assurance (name-word)']);
  assert.deepEqual(links('Who attended Summit last year?'), ['Summit Partners (name-word)']);
});

test('a lower-case word is not linked, nor a capitalised common word', () => {
  assert.deepEqual(links('Who attended the summit in Oslo?'), []);
  assert.deepEqual(links('Who insures thornbury?'), []);
  // "May" is a month: a common word even when capitalised, so the person May is not linked.
  assert.deepEqual(links('In May, who joined Harbour Robotics?'), ['Harbour Robotics (exact)']);
});

test('a near spelling links above the fuzzy threshold and not below it', () => {
  const threshold = DEFAULT_RANKING_PROFILE.linking.fuzzyThreshold;
  assert.ok(jaroWinkler('vandermeer', 'vandermer') >= threshold);
  assert.ok(jaroWinkler('vandermeer', 'vandermoot') < threshold);
  assert.deepEqual(links('What did Vandermer paint?'), ['Vandermeer (fuzzy)']);
  assert.deepEqual(links('What did Vandermoot paint?'), []);
  // The threshold is the profile's: lowered below the second similarity, the second spelling links too.
  assert.deepEqual(links('What did Vandermoot paint?', { ...DEFAULT_RANKING_PROFILE.linking, fuzzyThreshold: 0.85 }), ['Vandermeer (fuzzy)']);
  assert.deepEqual(links('What did Vandermer paint?', { ...DEFAULT_RANKING_PROFILE.linking, fuzzyThreshold: 0.99 }), []);
});

test('a word shared by more names than maxNameWordEntities is ambiguous and not linked', () => {
  assert.equal(DEFAULT_RANKING_PROFILE.linking.maxNameWordEntities, 2);
  assert.deepEqual(links('Who owns Kingsley?'), [], 'three entities share "Kingsley"');
  assert.deepEqual(links('Who owns Oakridge?'), ['Oakridge Mill (name-word)', 'Oakridge Press (name-word)'], 'two may share it');
  assert.deepEqual(links('Who owns Kingsley?', { ...DEFAULT_RANKING_PROFILE.linking, maxNameWordEntities: 3 }), [
    'Kingsley Foods (name-word)',
    'Kingsley Bank (name-word)',
    'Kingsley Hall (name-word)',
  ]);
  assert.deepEqual(links('Who owns Oakridge?', { ...DEFAULT_RANKING_PROFILE.linking, maxNameWordEntities: 1 }), []);
});

test('a one-word name after an elided article or preposition is linked ("d\'Ostrelle", "l\'Ostrelle")', () => {
  const french = smallGraph([{ name: 'Ostrelle', type: 'Project' }]);
  const linked = (question: string) => linkQuestionEntities(question, french.index).map((link) => french.nameOf(link.entityIndex));
  assert.deepEqual(linked("Quelle commune accueille le chapiteau d'Ostrelle ?"), ['Ostrelle']);
  assert.deepEqual(linked("Qui dirige l'Ostrelle ?"), ['Ostrelle']);
  assert.deepEqual(linked('Qui dirige ostrelle ?'), [], 'written in lower case, a single word is no name');
});

test('a title-cased dictionary word is no misspelt name: it is not linked by near spelling', () => {
  const france = smallGraph([{ name: 'France', type: 'Location' }]);
  const near = (question: string, language?: 'en' | 'fr') => linkQuestionEntities(question, france.index, DEFAULT_RANKING_PROFILE.linking, language).map((link) => `${france.nameOf(link.entityIndex)} (${link.match})`);
  assert.ok(jaroWinkler('france', 'franchise') >= DEFAULT_RANKING_PROFILE.linking.fuzzyThreshold, 'the two spellings are near enough to link');
  assert.deepEqual(near('Which British comedy Franchise did he star in?', 'en'), []);
  // A word no dictionary holds is still read as a misspelt name; without a language, as before.
  assert.deepEqual(near('Which wines does Franse export?', 'en'), ['France (fuzzy)']);
  assert.deepEqual(near('Which British comedy Franchise did he star in?'), ['France (fuzzy)']);
});

test('a name written in lower case still links when no dictionary holds the word', () => {
  const names = smallGraph([{ name: 'Velquist', type: 'Project' }, { name: 'Harvest', type: 'Project' }, { name: 'Tarrow Transport Fund', type: 'Organization', aliases: ['Fund'] }]);
  const linksIn = (question: string, language?: 'en' | 'fr') => linkQuestionEntities(question, names.index, DEFAULT_RANKING_PROFILE.linking, language).map((link) => `${names.nameOf(link.entityIndex)} (${link.match})`);
  assert.deepEqual(linksIn('Who leads the velquist programme?', 'en'), ['Velquist (exact)']);
  assert.deepEqual(linksIn('qui dirige aujourd’hui le programme velquist', 'fr'), ['Velquist (exact)']);
  // A dictionary word names the entity alone when capitalised, or, in a question with no capital, when the entity is called exactly that.
  assert.deepEqual(linksIn('Who funds the harvest in Corvel?', 'en'), []);
  assert.deepEqual(linksIn('who funds harvest', 'en'), ['Harvest (exact)']);
  assert.deepEqual(linksIn('Who funds Harvest?', 'en'), ['Harvest (exact)']);
  assert.deepEqual(linksIn('which fund pays for harvest', 'en'), ['Harvest (exact)']);
  // Without the question's language, lower-case words do not link alone, as before.
  assert.deepEqual(linksIn('Who leads the velquist programme?'), []);
});

test('a hyphenated or misspelt name still links, and its misspelt words are part of what was linked, not words to find', () => {
  const names = smallGraph([{ name: 'Varenne-Lacaze Conseil', type: 'Organization' }, { name: 'Solène Bardet', type: 'Person' }]);
  const linksIn = (question: string) => linkQuestionEntities(question, names.index, DEFAULT_RANKING_PROFILE.linking, 'fr').map((link) => `${names.nameOf(link.entityIndex)} (${link.match}: ${link.surface})`);
  assert.deepEqual(linksIn('Qui a mandaté Varenne-Lacaze Consel ?'), ['Varenne-Lacaze Conseil (name-word: varenne lacaze consel)']);
  assert.deepEqual(linksIn('Quel projet Solne Bardet dirige-t-elle ?'), ['Solène Bardet (name-word: solne bardet)']);
});

test('a part of a dotted or slashed compound names nothing alone: "Node.js" does not link what "JS" names', () => {
  const english = (question: string) => linkQuestionEntities(question, graph.index, DEFAULT_RANKING_PROFILE.linking, 'en').map((link) => graph.nameOf(link.entityIndex));
  assert.deepEqual(english('Which Node.js version does the server require?'), []);
  assert.deepEqual(english('Is the vite/js client typed?'), []);
  assert.deepEqual(english('Which js runtime does Velmont use?'), ['JS-style', 'Velmont']);
});

test('a people\'s adjective modifies: it links no entity whose name holds the word ("the Australian business" is not Western Australia)', () => {
  assert.deepEqual(linkQuestionEntities('Who heads the Australian business of Velmont?', graph.index, DEFAULT_RANKING_PROFILE.linking, 'en').map((link) => graph.nameOf(link.entityIndex)), ['Velmont']);
  assert.deepEqual(linkQuestionEntities('Which mines does Velmont run in Western Australia?', graph.index, DEFAULT_RANKING_PROFILE.linking, 'en').map((link) => graph.nameOf(link.entityIndex)), ['Western Australia', 'Velmont']);
});

test('a word the question numbers ("Hangar 1") links only an entity whose name holds the number too', () => {
  assert.deepEqual(links('Which unit failed in Hangar 1 in May 2023?'), []);
  assert.deepEqual(links('Who writes Hangar Talk?'), ['Hangar Talk (exact)']);
  assert.deepEqual(links('Who edits Hangar each month?'), ['Hangar Talk (name-word)'], 'without a number, the word still links the one name that holds it');
  assert.deepEqual(links('Which crane works at Dock 4?'), ['Dock 4 Annex (name-word)']);
});

test('a misspelt word of a longer name links the entities whose name holds the word it misspells; a misspelt people\'s adjective links none', () => {
  const fuzzy = (question: string) => linkQuestionEntities(question, graph.index, DEFAULT_RANKING_PROFILE.linking, 'en').map((link) => `${graph.nameOf(link.entityIndex)} (${link.match})`);
  assert.deepEqual(fuzzy('Who insures Thornbry against floods?'), ['Thornbury Assurance (fuzzy)']);
  assert.deepEqual(fuzzy('Where does Oakrige print its catalogue?'), ['Oakridge Mill (fuzzy)', 'Oakridge Press (fuzzy)']);
  assert.deepEqual(fuzzy('Who heads the Austrlian business of Velmont?').map((link) => link.split(' (')[0]), ['Velmont']);
});
