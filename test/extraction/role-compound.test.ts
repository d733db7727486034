import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import type { Chunk } from '../../src/core/records.js';
import { extractWithNlp } from '../../src/extraction/nlp/extract-with-nlp.js';
import { buildLowercaseVocabulary } from '../../src/extraction/nlp/lowercase-vocabulary.js';

const schema = validateConfig({}).schema;

function extract(text: string, language: 'en' | 'fr') {
  const chunk: Chunk = { id: 'chunk_1', documentId: 'doc_1', index: 0, text, start: 0, end: text.length, tokenCount: 10 };
  return extractWithNlp(chunk, { schema, language, documentDate: '2024-01-01', knownLowercase: buildLowercaseVocabulary([text]), cooccurrence: true, maxEntitiesPerSentence: 12 });
}

const typed = (text: string, language: 'en' | 'fr') =>
  extract(text, language).relations.filter((relation) => relation.type !== 'RELATED_TO').map((relation) => `${relation.source} -${relation.type}-> ${relation.target}`);

test('a role named with a bare type noun holds over the entity of that type named just before', () => {
  const text = 'The board approved the renewal, to be delivered as Project Corvel. Members noted that spares are scarce. Tomas Brell was confirmed as programme manager; he previously ran the depot.';
  assert.ok(typed(text, 'en').includes('Tomas Brell -MANAGES-> Project Corvel'), typed(text, 'en').join('\n'));
  // The relation's evidence is the sentence that states the role.
  const relation = extract(text, 'en').relations.find((item) => item.type === 'MANAGES');
  assert.match(relation?.evidence ?? '', /^Tomas Brell was confirmed as programme manager/);
});

test('in head-first languages the role comes first: « cheffe de projet »', () => {
  const text = "Le chantier sera mené dans le cadre du projet Orvalle. Le calendrier reste serré. Léa Marquand a été nommée cheffe de projet à compter du 1er mars.";
  assert.ok(typed(text, 'fr').includes('Léa Marquand -LEADS-> Orvalle'), typed(text, 'fr').join('\n'));
});

test('a role whose own complement is a name, or with nothing of its type before it, refers back to nothing', () => {
  assert.deepEqual(typed('Tomas Brell is programme manager of Kestrel.', 'en').filter((relation) => relation.includes('Corvel')), []);
  assert.deepEqual(typed('The depot was repainted. Tomas Brell was confirmed as programme manager.', 'en'), []);
});

test('a phrase that referred back keeps its entity in view for the sentences after it', () => {
  const text = 'The renewal will be delivered as Project Corvel. Spares are scarce. The case sets out four phases. The sponsor for the programme will be the director of works. Tomas Brell was confirmed as programme manager.';
  assert.ok(typed(text, 'en').includes('Tomas Brell -MANAGES-> Project Corvel'), typed(text, 'en').join('\n'));
});
