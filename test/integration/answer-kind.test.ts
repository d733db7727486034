import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const DOCUMENTS: Record<string, string> = {
  'a.txt': 'Orchid programme\n\nLena Varga leads the Orchid programme. The Orchid programme is based in Tallinn.',
  'b.txt': 'Heron works\n\nKolt Machines supplies the Heron programme with cutting tools. Piet Ambros leads the Heron programme.',
  'c.txt': 'Orchid staff\n\nLena Varga hired two engineers in Tallinn.',
};

describe('the offline answer says so when no entity of the asked kind is reached', () => {
  let rhizome: Rhizome;
  before(async () => {
    const base = makeTempDir('rhizome-answer-kind-');
    const root = path.join(base, 'docs');
    mkdirSync(root, { recursive: true });
    for (const [name, text] of Object.entries(DOCUMENTS)) writeFileSync(path.join(root, name), text);
    rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
    await rhizome.index(root);
  });
  after(async () => rhizome.close());

  test('a company asked for, only a person and a place reached: no name leads the answer', async () => {
    const answer = await rhizome.query('Which company supplies the Orchid programme?', { mode: 'local' });
    assert.match(answer.answer, /^No Organisation found for this question; the nearest evidence: /, answer.answer);
    assert.doesNotMatch(answer.answer, /^(Lena Varga|Tallinn) —/);
  });

  test('when one is reached, it leads the answer', async () => {
    const answer = await rhizome.query('Which company supplies the Heron programme?', { mode: 'local' });
    assert.match(answer.answer, /^Kolt Machines — /, answer.answer);
  });
});
