import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

test("the README's example question, offline on the bundled example, leads with the company that answers it", async () => {
  const rhizome = createRhizome({ workspace: path.join(makeTempDir('rhizome-readme-example-'), 'workspace') });
  try {
    await rhizome.index(path.resolve('examples', 'harbour-robotics'));
    const answer = await rhizome.query('Which company supplies the sensor used by the programme led by Jonas Berg?');
    assert.match(answer.answer, /^Lumen Optics\b/, answer.answer);
    assert.ok(answer.citations.some((citation) => citation.kind === 'chunk'), 'cited');
  } finally {
    await rhizome.close();
  }
});
