import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const base = makeTempDir();
const docs = path.join(base, 'docs');
let rhizome: Rhizome;

before(async () => {
  mkdirSync(docs, { recursive: true });
  writeFileSync(path.join(docs, 'incident.txt'), 'Seal failure at the Tarrow depot\n2023-03-20\n\nOn 14 March 2023 a seal failed on a QX-4 sensor at the Tarrow depot, and the line stopped for two hours.\n');
  writeFileSync(path.join(docs, 'bulletin.txt'), 'Supplier bulletin\n2023-09-05\n\nHarlan Instruments makes the QX-4 sensor and has issued a new seal kit for it.\n');
  rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
  await rhizome.index(docs);
});
after(() => rhizome.close());

test('a date that dates the event a question starts from does not hide what was written after it', async () => {
  // "whose seal failed … in March 2023" dates the failure: the maker, named in September, answers through the MAKES fact.
  const anchored = await rhizome.query('Which company makes the sensor whose seal failed at the Tarrow depot in March 2023?');
  assert.match(anchored.answer, /^Harlan Instruments —/);
  assert.ok(anchored.paths.some((written) => written.includes('MAKES')), anchored.paths.join('; '));
  assert.equal(anchored.asOf, undefined);
  // A date the main clause holds is the question's valid time: the MAKES fact, stated in September, did not hold yet.
  const dated = await rhizome.query('Which company made the QX-4 sensor in March 2023?');
  assert.equal(dated.asOf, '2023-03');
  assert.ok(!dated.paths.some((written) => written.includes('MAKES')), dated.paths.join('; '));
});

test('retrieve builds the context in the time slice query answers from: a date the main clause holds hides the later fact there too', async () => {
  const dated = await rhizome.retrieve('Which company made the QX-4 sensor in March 2023?');
  assert.ok(!dated.paths.some((found) => found.relations.some((relation) => relation.type === 'MAKES')), 'the MAKES fact, stated in September, did not hold yet');
  const anchored = await rhizome.retrieve('Which company makes the sensor whose seal failed at the Tarrow depot in March 2023?');
  assert.ok(anchored.paths.some((found) => found.relations.some((relation) => relation.type === 'MAKES')), 'a date of the starting event slices nothing');
  await assert.rejects(rhizome.retrieve('  '), /empty/);
});
