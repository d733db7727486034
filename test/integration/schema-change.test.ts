import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome, isRhizomeError } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

test('a changed schema clears the entity layer, queries ask for a re-index, and re-indexing restores the graph without re-reading unchanged files twice', async () => {
  const base = makeTempDir();
  const root = path.join(base, 'docs');
  mkdirSync(root);
  writeFileSync(path.join(root, 'a.txt'), 'Kickoff\n\nLina Ferraz leads the Lynx project.');
  const workspace = path.join(base, 'workspace');
  const first = createRhizome({ workspace });
  await first.index(root);
  const before = await first.stats();
  assert.ok(before.entities > 0);
  await first.close();

  const schema = { nodeTypes: [{ name: 'Person', cues: { shapes: ['person-name' as const] } }, { name: 'Project', cues: { after: ['project'] } }], edgeTypes: [{ name: 'LEADS', source: ['Person'], target: ['Project'], patterns: ['leads'] }] };
  const second = createRhizome({ workspace, schema });
  try {
    await assert.rejects(second.query('Who leads the Lynx project?'), (error: unknown) => isRhizomeError(error, 'WORKSPACE_EMPTY') && /rhizome index/.test(error.message));
    const summary = await second.index(root);
    assert.equal(summary.documents.unchanged, 1);
    const leads = await second.cypher('MATCH (p:Person)-[:LEADS]->(x:Project) RETURN p.name AS person, x.name AS project');
    assert.deepEqual(leads, [{ person: 'Lina Ferraz', project: 'Lynx' }]);
    assert.match((await second.query('Who leads the Lynx project?')).answer, /Lina Ferraz/);
  } finally {
    await second.close();
  }
});
