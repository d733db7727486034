import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describedAs, readEntityNouns } from '../../src/text/described-as.js';
import { stemWord } from '../../src/core/stem.js';
import type { Entity } from '../../src/core/records.js';

const entity = (name: string, description = ''): Entity => ({ id: name, type: 'Concept', name, aliases: [], description, mentionCount: 1 });

test('an entity answers to a head noun its name or a descriptor ends with; a one-word name that is the noun itself does not', () => {
  const quay = stemWord('quay');
  assert.equal(describedAs(readEntityNouns(entity('Kinnaird Quay')), quay, false), 'head');
  assert.equal(describedAs(readEntityNouns(entity('Velbrook', 'quay-wall monitoring programme')), quay, false), 'modifier');
  // "the Structures team" made a name of one word: it names the kind, not a structure.
  assert.equal(describedAs(readEntityNouns(entity('Structures')), stemWord('structure'), false), null);
  assert.equal(describedAs(readEntityNouns(entity('Velbrook', 'structure')), stemWord('structure'), false), 'head');
});
