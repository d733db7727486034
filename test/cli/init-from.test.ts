import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../src/config/load-config.js';
import { createRhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';

/** Invented Markdown and HTML notes, English and French, where names are described by nouns no built-in cue knows ("the shipyard X", "le chantier X") and linked by verbs no built-in phrase knows. */
const FIXTURE = path.resolve('test', 'fixtures', 'schema-discovery');

test('init --from proposes node and edge types that, used as is, type more relations than the built-in schema', async () => {
  const cwd = makeTempDir();
  cpSync(FIXTURE, path.join(cwd, 'docs'), { recursive: true });
  const result = runCli(cwd, 'init', '--from', 'docs');
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /new: .*Shipyard/);
  const text = readFileSync(path.join(cwd, 'rhizome.config.ts'), 'utf8');
  assert.match(text, /\/\/ Shipyard: new, from "shipyard", which describes 4 names/);
  assert.match(text, /\/\/ REPAIRS: new, "repairs" 4, "repaired by" 3 \(7 sentences, 6 pairs\)/);
  assert.match(text, /\/\/ {3}e\.g\. The shipyard \w+ repairs the tug \w+/, 'an example sentence under each proposal');

  const proposed = await loadConfig({ cwd, env: {}, overrides: { workspace: path.join(cwd, 'proposed') } });
  const nodeType = (name: string) => proposed.schema.nodeTypes.find((type) => type.name === name);
  const edgeType = (name: string) => proposed.schema.edgeTypes.find((type) => type.name === name);
  assert.deepEqual(nodeType('Shipyard')?.cues.before, ['shipyard']);
  assert.deepEqual(nodeType('Chantier')?.cues.before, ['chantier'], 'French descriptor nouns stand before the name');
  assert.deepEqual(edgeType('REPAIRS')?.patterns, ['repairs']);
  assert.deepEqual(edgeType('REPAIRS')?.passivePatterns, ['repaired by']);
  assert.deepEqual(edgeType('REPAIRS')?.target, ['Tug']);
  assert.ok(edgeType('REPAIRS')?.source.includes('Shipyard'));
  assert.deepEqual(edgeType('ENTRETIENT')?.patterns, ['entretient']);
  assert.deepEqual([edgeType('ENTRETIENT')?.source, edgeType('ENTRETIENT')?.target], [['Chantier'], ['Remorqueur']]);

  const typedRelations = async (config: Parameters<typeof createRhizome>[0]) => {
    const rhizome = createRhizome(config);
    try {
      await rhizome.index(path.join(cwd, 'docs'));
      return (await rhizome.stats()).typedRelations;
    } finally {
      await rhizome.close();
    }
  };
  const withDefault = await typedRelations({ workspace: path.join(cwd, 'default') });
  const withProposal = await typedRelations(proposed);
  assert.ok(withProposal > withDefault, `typed relations: ${withProposal} with the proposal, ${withDefault} with the built-in schema`);
  assert.ok(withProposal >= 8, `${withProposal} typed relations with the proposal`);
});

test('init --from refuses an existing config without --force and a folder with no document', () => {
  const cwd = makeTempDir();
  mkdirSync(path.join(cwd, 'empty'));
  const empty = runCli(cwd, 'init', '--from', 'empty');
  assert.notEqual(empty.code, 0);
  assert.match(empty.stderr, /no document to read/);
  assert.equal(runCli(cwd, 'init').code, 0);
  assert.equal(runCli(cwd, 'init', '--from', 'empty').code, 3, 'refuses to overwrite without --force');
});
