import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig, validateConfig } from '../../src/config/load-config.js';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { makeTempDir } from '../helpers/temp-dir.js';

test('defaults apply when nothing is configured, with the workspace resolved under cwd', async () => {
  const cwd = makeTempDir();
  const config = await loadConfig({ cwd, env: {} });
  assert.equal(config.workspace, path.join(cwd, '.rhizome'));
  assert.equal(config.chunking.maxTokens, 600);
  assert.equal(config.chunking.overlapTokens, 100);
  assert.ok(config.schema.nodeTypes.some((type) => type.name === 'Person'));
});

test('precedence is defaults < file < environment < flags', async () => {
  const cwd = makeTempDir();
  writeFileSync(path.join(cwd, 'rhizome.config.json'), JSON.stringify({ workspace: 'from-file', chunking: { maxTokens: 300, overlapTokens: 20 }, query: { topK: 7 } }));
  const fileOnly = await loadConfig({ cwd, env: {} });
  assert.equal(fileOnly.chunking.maxTokens, 300);
  assert.equal(fileOnly.query.topK, 7);
  const withEnv = await loadConfig({ cwd, env: { RHIZOME_CHUNK_TOKENS: '400', RHIZOME_WORKSPACE: 'from-env' } });
  assert.equal(withEnv.chunking.maxTokens, 400);
  assert.equal(withEnv.workspace, path.join(cwd, 'from-env'));
  assert.equal(withEnv.chunking.overlapTokens, 20, 'fields the env does not set keep the file value');
  const withFlags = await loadConfig({ cwd, env: { RHIZOME_WORKSPACE: 'from-env' }, overrides: { workspace: 'from-flag' } });
  assert.equal(withFlags.workspace, path.join(cwd, 'from-flag'));
});

test('.env in the working directory is read, process variables win over it', async () => {
  const cwd = makeTempDir();
  writeFileSync(path.join(cwd, '.env'), 'RHIZOME_TOP_K=9\n');
  const config = await loadConfig({ cwd });
  assert.equal(config.query.topK, 9);
});

test('a TypeScript config file with a default export is loaded', async () => {
  const cwd = makeTempDir();
  writeFileSync(path.join(cwd, 'rhizome.config.ts'), "import type { RhizomeConfigInput } from 'rhizome';\nconst config: RhizomeConfigInput = { query: { topK: 5 } };\nexport default config;\n");
  const config = await loadConfig({ cwd, env: {} });
  assert.equal(config.query.topK, 5);
});

test('invalid values are reported with the file and the field path', async () => {
  const cwd = makeTempDir();
  writeFileSync(path.join(cwd, 'rhizome.config.json'), JSON.stringify({ chunking: { maxTokens: 'lots' } }));
  await assert.rejects(loadConfig({ cwd, env: {} }), (error: unknown) => {
    assert.ok(isRhizomeError(error, 'CONFIG_INVALID'));
    assert.match(error.message, /rhizome\.config\.json/);
    assert.match(error.message, /chunking\.maxTokens/);
    return true;
  });
});

test('a bad environment variable is named in the error', async () => {
  const cwd = makeTempDir();
  await assert.rejects(loadConfig({ cwd, env: { RHIZOME_TOP_K: 'many' } }), /RHIZOME_TOP_K/);
});

test('an edge type naming an undeclared node type is rejected', () => {
  assert.throws(
    () => validateConfig({ schema: { nodeTypes: [{ name: 'Person' }], edgeTypes: [{ name: 'LEADS', source: ['Person'], target: ['Project'] }] } }),
    /schema\.edgeTypes\.0\.target\.0.*unknown node type "Project"/,
  );
});

test('reserved table names cannot be used as types, and type names must differ in more than case', () => {
  assert.throws(() => validateConfig({ schema: { nodeTypes: [{ name: 'Chunk' }] } }), /reserved/);
  assert.throws(() => validateConfig({ schema: { nodeTypes: [{ name: 'chunk' }] } }), /reserved/, 'Kuzu table names ignore case');
  const clash = { nodeTypes: [{ name: 'Interface' }], edgeTypes: [{ name: 'INTERFACE', source: ['Interface'], target: ['Interface'] }] };
  assert.throws(() => validateConfig({ schema: clash }), /differ in more than case/);
});

test('unknown keys are refused with the nearest declared key, also when the library is given a config object', async () => {
  const cwd = makeTempDir();
  writeFileSync(path.join(cwd, 'rhizome.config.json'), JSON.stringify({ query: { topk: 3, ranking: { paths: { hubPenalti: 0.2 } } } }));
  await assert.rejects(loadConfig({ cwd, env: {} }), (error: unknown) => {
    assert.ok(isRhizomeError(error, 'CONFIG_INVALID'));
    assert.match(error.message, /rhizome\.config\.json: unknown key "query\.topk" \(did you mean `topK`\?\); unknown key "query\.ranking\.paths\.hubPenalti" \(did you mean `hubPenalty`\?\)/);
    return true;
  });
  assert.throws(() => validateConfig({ worksapce: 'x' }), /configuration: unknown key "worksapce" \(did you mean `workspace`\?\)/);
  assert.doesNotThrow(() => validateConfig(validateConfig({ query: { topK: 3 } })), 'a parsed config validates again');
});
