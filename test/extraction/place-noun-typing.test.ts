import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import type { Language } from '../../src/core/records.js';
import { findCandidateMentions } from '../../src/extraction/nlp/find-mentions.js';
import { voteMentionType } from '../../src/extraction/nlp/type-mention.js';

const schema = validateConfig({}).schema;

/** The votes cast for one name of a sentence, as "Type:phrase". */
function votesFor(sentence: string, name: string, language: Language): string[] {
  const mention = findCandidateMentions(sentence, new Set(), { language }).find((candidate) => candidate.surface === name);
  assert.ok(mention, `no mention ${name} in: ${sentence}`);
  return voteMentionType(mention, sentence, schema, new Set(), language).map((vote) => `${vote.type}:${vote.phrase ?? vote.cue}`);
}

test('a place noun and a locative preposition type the name after them as a place', () => {
  assert.deepEqual(votesFor("Engineers spent a day at Brackley Systems' production site in Tressford.", 'Tressford', 'en'), ['Location:site in']);
  assert.deepEqual(votesFor("The company's plant at Holmwick opened in May.", 'Holmwick', 'en'), ['Location:plant at']);
  assert.deepEqual(votesFor('Ils ont visité le site de production à Brennac.', 'Brennac', 'fr'), ['Location:site a']);
  assert.deepEqual(votesFor('Zentor makes the modules at its plant in Gorwice.', 'Gorwice', 'en'), ['Location:plant in'], "the schema's own cue \"plant in\" is one vote, not two");
});

test('a verb or an owner is not a place', () => {
  assert.deepEqual(votesFor('Jean Dupont works at Acme today.', 'Acme', 'en'), [], '"works at" is a verb here');
  assert.deepEqual(votesFor("Deux ingénieurs se sont rendus dans l'usine de Valtrix à Pontivy.", 'Valtrix', 'fr'), [], "l'usine de X à Y: X owns it");
  assert.deepEqual(votesFor("Deux ingénieurs se sont rendus dans l'usine de Valtrix à Pontivy.", 'Pontivy', 'fr'), ['Location:usine a']);
});
