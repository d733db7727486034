import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { createRhizome } from '../../src/index.js';
import { KuzuGraphStore } from '../../src/kuzu.js';
import { neo4jTestSettings, wipeTestDatabase } from '../contract/neo4j-test-database.js';
import { EXAMPLE_CORPUS, EXAMPLE_QUESTION, indexExample } from '../helpers/example-workspace.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { mockLanguageModel, type SeenPrompt } from '../helpers/mock-language-model.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const base = makeTempDir();
const workspace = path.join(base, 'workspace');
let server: FakeOpenAiServer;

before(async () => {
  await indexExample(workspace);
  server = await startFakeOpenAiServer(() => JSON.stringify({ answer: 'Lumen Optics [C1].', found: true }));
});
after(() => server.close());

/** Replies as a cited answer naming the first evidence id of the prompt that mentions `name`. */
function citeEvidenceNaming(name: string): (prompt: SeenPrompt) => string {
  return (prompt) => {
    const line = prompt.user.split('\n').find((candidate) => candidate.startsWith('[') && candidate.includes(name));
    const id = /^\[([A-Z]\d+)\]/.exec(line ?? '')?.[1] ?? 'C1';
    return JSON.stringify({ answer: `${name} supplies it [${id}].`, found: true });
  };
}

test('an AI SDK model object (the SDK mock) answers queries, and the answer keeps its citations', async () => {
  const { model, seen } = mockLanguageModel(citeEvidenceNaming('Lumen Optics'));
  const rhizome = createRhizome({ workspace, model });
  try {
    const answer = await rhizome.query(EXAMPLE_QUESTION, { mode: 'local' });
    assert.equal(seen.length, 1, 'one answer call');
    assert.match(seen[0]?.system ?? '', /only the evidence/);
    assert.match(answer.answer, /Lumen Optics/);
    assert.ok(answer.citations.some((citation) => citation.kind === 'chunk'), 'the cited passage comes back as a citation');
    assert.match(answer.metadata.answerer, /mock-provider:mock-chat/);
    assert.match((await rhizome.stats()).answerer, /mock-provider:mock-chat/);
  } finally {
    await rhizome.close();
  }
});

test('a value that is no model is refused by name', () => {
  assert.throws(() => createRhizome({ workspace, model: { modelId: 'x' } as never }), (error: Error & { code?: string }) => error.code === 'CONFIG_INVALID' && /option "model"/.test(error.message));
});

test('provider "ai-sdk" in a configuration without a model object fails when the model is first needed, naming the option', async () => {
  const rhizome = createRhizome({ workspace, llm: { provider: 'ai-sdk', model: 'x' } });
  try {
    await assert.rejects(rhizome.query(EXAMPLE_QUESTION), (error: Error & { code?: string }) => error.code === 'CONFIG_INVALID' && /createRhizome\(\{ model \}\)/.test(error.message));
  } finally {
    await rhizome.close();
  }
});

test('an already-open store is used as given and stays open after close()', async () => {
  const store = await KuzuGraphStore.open({ workspace });
  try {
    const rhizome = createRhizome({ workspace, store });
    const answer = await rhizome.query(EXAMPLE_QUESTION);
    assert.ok(answer.found && answer.citations.length > 0, answer.answer);
    assert.match((await rhizome.stats()).store, /passed to createRhizome/);
    await rhizome.close();
    assert.ok((await store.counts()).documents > 0, 'the store is still open');
  } finally {
    await store.close();
  }
});

test('API keys come from the environment map given to createRhizome', async () => {
  const rhizome = createRhizome({
    workspace,
    llm: { provider: 'openai-compatible', model: 'fake-model', baseUrl: server.baseUrl, apiKeyEnv: 'RHIZOME_TEST_MAP_KEY', maxRetries: 0, cacheDir: path.join(base, 'cache-map') },
    env: { RHIZOME_TEST_MAP_KEY: 'key-from-map' },
  });
  try {
    const seen = server.authorizations.length;
    await rhizome.query(EXAMPLE_QUESTION, { mode: 'naive' });
    assert.equal(server.authorizations[seen], 'Bearer key-from-map');
  } finally {
    await rhizome.close();
  }
});

test('`rhizome query` finds OPENAI_API_KEY in the .env of the working directory, as the README says', async () => {
  const project = makeTempDir('rhizome-dotenv-');
  writeFileSync(path.join(project, '.env'), 'OPENAI_API_KEY=key-from-dotenv\n');
  writeFileSync(path.join(project, 'rhizome.config.json'), JSON.stringify({ workspace, llm: { provider: 'openai', model: 'gpt-4o-mini', baseUrl: server.baseUrl, maxRetries: 0, cacheDir: path.join(base, 'cache-dotenv') } }));
  const { OPENAI_API_KEY: _unset, ...environment } = process.env;
  const seen = server.authorizations.length;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', import.meta.resolve('tsx'), path.resolve('src/cli/main.ts'), 'query', EXAMPLE_QUESTION, '--mode', 'naive', '--json'], { cwd: project, env: { ...environment, NO_COLOR: '1' } });
  assert.equal(server.authorizations[seen], 'Bearer key-from-dotenv');
  assert.match(JSON.parse(stdout).metadata.answerer, /gpt-4o-mini/);
});

test('text-to-Cypher on Kuzu is prompted in Kuzu\'s dialect and its query runs', async () => {
  const { model, seen } = mockLanguageModel((prompt) =>
    prompt.system.startsWith('You translate')
      ? JSON.stringify({ queries: ["MATCH (p:Person)-[r]->(x) WHERE list_contains(p.aliases, 'nobody') OR lower(p.name) CONTAINS lower('jonas') RETURN p.id, p.name, r.id, r.evidence, x.id, x.name LIMIT 10"] })
      : citeEvidenceNaming('Jonas Berg')(prompt),
  );
  const rhizome = createRhizome({ workspace, model });
  try {
    const context = await rhizome.retrieve('Which programme does Jonas Berg lead?', { mode: 'cypher' });
    const prompt = seen[0]?.system ?? '';
    assert.match(prompt, /Kuzu Cypher/);
    assert.match(prompt, /list_contains\(n\.aliases/);
    assert.doesNotMatch(prompt, /IN n\.aliases/);
    assert.ok((context.cypher?.rows.length ?? 0) > 0, `rows: ${JSON.stringify(context.cypher?.attempts)}`);
  } finally {
    await rhizome.close();
  }
});

const neo4j = neo4jTestSettings();

describe('on Neo4j', { skip: neo4j.skip }, () => {
  const settings = neo4j.settings;
  const env = settings ? { NEO4J_URI: settings.uri, NEO4J_USERNAME: settings.username, ...(settings.password ? { NEO4J_PASSWORD: settings.password } : {}) } : {};
  const neo4jWorkspace = path.join(base, 'neo4j-workspace');

  before(async () => {
    if (settings) await wipeTestDatabase(settings);
    const offline = createRhizome({ workspace: neo4jWorkspace, store: { backend: 'neo4j' }, env });
    await offline.index(EXAMPLE_CORPUS);
    await offline.close();
  });

  test('text-to-Cypher is prompted in Neo4j\'s dialect (no list_contains) and its query runs; settings come from the env map', async () => {
    const { model, seen } = mockLanguageModel((prompt) =>
      prompt.system.startsWith('You translate')
        ? JSON.stringify({ queries: ["MATCH (p:Person)-[r]->(x:Entity) WHERE 'nobody' IN p.aliases OR toLower(p.name) CONTAINS toLower('jonas') RETURN p.id, p.name, r.id, type(r) AS relation, r.evidence, x.id, x.name LIMIT 10"] })
        : citeEvidenceNaming('Jonas Berg')(prompt),
    );
    const rhizome = createRhizome({ workspace: neo4jWorkspace, store: { backend: 'neo4j' }, env, model });
    try {
      const answer = await rhizome.query('Which programme does Jonas Berg lead?', { mode: 'cypher' });
      const prompt = seen[0]?.system ?? '';
      assert.match(prompt, /Neo4j Cypher/);
      assert.match(prompt, /IN n\.aliases/);
      assert.doesNotMatch(prompt, /list_contains\(/);
      assert.doesNotMatch(prompt.replace(/no label\(r\)/, ''), /label\(r\)/);
      assert.ok(answer.found, answer.answer);
      assert.ok(answer.citations.length > 0);
    } finally {
      await rhizome.close();
    }
  });
});
