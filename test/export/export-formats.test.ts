import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { literal } from '../../src/export/export-cypher.js';
import { escapeXml } from '../../src/export/export-graphml.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const project = makeTempDir();
cpSync(path.resolve('examples', 'harbour-robotics'), path.join(project, 'docs'), { recursive: true });

async function exportsOf(workspace: string) {
  const rhizome = createRhizome({ workspace });
  try {
    await rhizome.index([path.join(project, 'docs')]);
    return {
      jsonl: await rhizome.exportGraph({ format: 'jsonl' }),
      graphml: await rhizome.exportGraph({ format: 'graphml' }),
      cypher: await rhizome.exportGraph({ format: 'cypher' }),
      csv: await rhizome.exportGraphCsv(),
    };
  } finally {
    await rhizome.close();
  }
}

const first = await exportsOf(path.join(project, 'one'));
const second = await exportsOf(path.join(project, 'two'));
const count = (kind: string) => first.jsonl.split('\n').filter((line) => line.includes(`"kind":"${kind}"`)).length;

test('two clean runs export identical bytes in every format', () => {
  assert.equal(second.jsonl, first.jsonl);
  assert.equal(second.graphml, first.graphml);
  assert.equal(second.cypher, first.cypher);
  assert.deepEqual([...second.csv], [...first.csv]);
});

test('GraphML holds one node per entity and one edge per relation, with evidence and communities', () => {
  assert.equal((first.graphml.match(/<node id=/g) ?? []).length, count('entity'));
  assert.equal((first.graphml.match(/<edge id=/g) ?? []).length, count('relation'));
  assert.match(first.graphml, /<data key="e_evidence">[^<]*Kite[^<]*<\/data>/);
  assert.match(first.graphml, /<data key="n_communities">c/);
  assert.equal(escapeXml('a < b & "c"\u0001'), 'a &lt; b &amp; &quot;c&quot;');
});

test('CSV writes one file per kind with a header and one row per record', () => {
  assert.deepEqual([...first.csv.keys()], ['documents.csv', 'chunks.csv', 'entities.csv', 'relations.csv', 'mentions.csv', 'merges.csv', 'communities.csv']);
  const entities = first.csv.get('entities.csv') as string;
  assert.match(entities, /^id,type,name,aliases,description,mentionCount\r\n/);
  assert.equal(entities.trimEnd().split('\r\n').length, count('entity') + 1);
});

test('the Cypher script creates every node and edge, with values escaped as literals', () => {
  const lines = first.cypher.trimEnd().split('\n');
  assert.equal(lines.filter((line) => line.startsWith('CREATE (:Document ')).length, count('document'));
  assert.equal(lines.filter((line) => /-\[:(?!HAS_CHUNK|MENTIONS|MEMBER_OF)[A-Z_]+ \{id: 'rel_/.test(line)).length, count('relation'));
  assert.equal(literal("O'Brien \\ \n"), "'O\\'Brien \\\\ \\n'");
  assert.equal(literal(['a', 2, null]), "['a', 2, null]");
});
