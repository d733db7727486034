import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { neo4jTestSettings, wipeTestDatabase } from '../contract/neo4j-test-database.js';
import { EPISODES, MEMORY_SCHEMA } from './memory-schema.js';

const base = makeTempDir('rhizome-memory-');
const configFile = path.join(base, 'rhizome.config.json');
writeFileSync(configFile, JSON.stringify({ schema: MEMORY_SCHEMA }));

type ToolResult = { content: Array<{ type: string; text?: string }>; isError?: boolean };
const textOf = (result: unknown) => ((result as ToolResult).content ?? []).map((part) => part.text ?? '').join('\n');
const call = async (client: Client, name: string, args: Record<string, unknown>) => {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  assert.notEqual(result.isError, true, `${name}: ${textOf(result)}`);
  return textOf(result);
};

/** The scripted conversation, then reading it back at several dates. */
async function converse(client: Client): Promise<void> {
  const remembered = [];
  for (const episode of EPISODES) remembered.push(JSON.parse(await call(client, 'add_memory', { ...episode })));
  assert.deepEqual(remembered.map((result) => result.facts.map((fact: { type: string }) => fact.type)), [['PREFERS'], ['WORKS_FOR'], ['PREFERS'], ['WORKS_FOR'], ['LIVES_IN']]);
  assert.deepEqual(remembered[2].superseded.map((fact: { evidence: string }) => fact.evidence), ['Maya Lind prefers the Kestrel Roast.'], 'the new preference supersedes the old one');
  assert.deepEqual(remembered[3].superseded.map((fact: { evidence: string }) => fact.evidence), ['Maya Lind works for Tandem Labs.'], 'the new job supersedes the old one');

  // A correction: the home was wrong; forget it (with the reason) and remember the right one.
  const forgotten = JSON.parse(await call(client, 'forget_memory', { query: 'Where does Maya Lind live?', reason: 'the user corrected it: she lives in Bergen', time: '2024-07-02' }));
  assert.deepEqual(forgotten.invalidated.map((fact: { evidence: string; validTo: string }) => [fact.evidence, fact.validTo]), [['Maya Lind lives in Oslo.', '2024-07-02']]);
  await call(client, 'add_memory', { time: '2024-07-02', source: 'chat:6', text: 'Maya Lind lives in Bergen.' });

  const readBack: Array<[string, string, RegExp]> = [
    ['2024-02-15', 'What does Maya Lind prefer?', /^Kestrel Roast —/],
    ['2024-02-15', 'Who does Maya Lind work for?', /^Tandem Labs —/],
    ['2024-04-01', 'What does Maya Lind prefer?', /^Juniper Blend —/],
    ['2024-04-01', 'Who does Maya Lind work for?', /^Tandem Labs —/],
    ['2024-07-01', 'Who does Maya Lind work for?', /^Orbis Systems —/],
    ['2024-07-01', 'Where does Maya Lind live?', /^Oslo —/],
    ['2024-08-01', 'Where does Maya Lind live?', /^Bergen —/],
    ['2024-08-01', 'What does Maya Lind prefer?', /^Juniper Blend —/],
  ];
  for (const [asOf, question, expected] of readBack) assert.match(await call(client, 'search_memory', { question, asOf }), expected, `${question} as of ${asOf}`);
  const early = await call(client, 'search_memory', { question: 'What does Maya Lind prefer?', asOf: '2024-02-15' });
  assert.doesNotMatch(early, /Juniper Blend/, 'a memory not yet made is not recalled');

  const asOf = await call(client, 'ask_as_of', { question: 'Where does Maya Lind live?', asOf: '2024-07-01' });
  assert.match(asOf, /^Oslo —/, 'a forgotten fact stays queryable as of earlier dates');
  assert.match(asOf, /Facts on 2024-07-01:\n(?:- .*\n)*- current: LIVES_IN: Maya Lind lives in Oslo\. \(2024-07-01 → 2024-07-02\) — forgotten: the user corrected it/);

  const history = JSON.parse(await call(client, 'entity_history', { entity: 'Maya Lind' }));
  const changes = history.events.filter((event: { kind: string }) => event.kind !== 'started').map((event: { date: string; kind: string; other: { name: string }; citation: { path: string } | null }) => [event.date, event.kind, event.other.name, Boolean(event.citation?.path)]);
  assert.deepEqual(changes, [['2024-03-05', 'superseded', 'Kestrel Roast', true], ['2024-06-01', 'superseded', 'Tandem Labs', true], ['2024-07-02', 'superseded', 'Oslo', true]]);
  const superseded = history.events.filter((event: { kind: string }) => event.kind === 'superseded') as Array<{ citation: { path: string } | null; successor?: { other: { name: string }; citation: { path: string } | null } }>;
  assert.deepEqual(superseded.map((event) => [event.successor?.other.name, Boolean(event.citation?.path), Boolean(event.successor?.citation?.path)]), [['Juniper Blend', true, true], ['Orbis Systems', true, true], ['Bergen', true, true]], 'each change cites the closed fact and the fact that closed it');
  const oslo = history.events.find((event: { other: { name: string }; kind: string }) => event.other.name === 'Oslo' && event.kind !== 'started');
  assert.match(oslo.reason, /^forgotten: the user corrected it/);
}

test('conversation memory through the MCP SDK client over stdio', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', import.meta.resolve('tsx'), path.resolve('src/cli/main.ts'), '--config', configFile, '--workspace', path.join(base, 'stdio'), 'mcp'],
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'rhizome-memory-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    await converse(client);
  } finally {
    await client.close();
  }
});

/** Runs the scripted conversation through an MCP SDK client connected to a server's /mcp endpoint. */
async function converseOverHttp(serverUrl: string): Promise<void> {
  const client = new Client({ name: 'rhizome-memory-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${serverUrl}/mcp`)));
  try {
    await converse(client);
  } finally {
    await client.close();
  }
}

describe('conversation memory through the MCP SDK client over streamable HTTP', () => {
  let rhizome: Rhizome;
  let server: RunningServer;
  before(async () => {
    rhizome = createRhizome({ workspace: path.join(base, 'http'), schema: MEMORY_SCHEMA });
    server = await createServer({ rhizome, port: 0 });
  });
  after(async () => {
    await server.close();
    await rhizome.close();
  });

  test('the same conversation reads back the same', async () => {
    await converseOverHttp(server.url);
  });

  test('the HTTP memory endpoints remember, search and forget', async () => {
    const post = (route: string, body: unknown) => fetch(`${server.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const remembered = await post('/api/memory', { text: 'Maya Lind works for Quill Systems.', time: '2024-09-01', source: 'chat:7' });
    assert.equal(remembered.status, 200);
    const fact = ((await remembered.json()) as { facts: Array<{ id: string }> }).facts[0];
    const recalled = (await (await post('/api/memory/search', { question: 'Who does Maya Lind work for?', asOf: '2024-09-15' })).json()) as { answer: string };
    assert.match(recalled.answer, /^Quill Systems —/);
    const forgotten = await post('/api/memory/forget', { fact: fact?.id, reason: 'said in jest', time: '2024-09-02' });
    assert.equal(forgotten.status, 200);
    type Recalled = { answer: string; facts?: Array<{ evidence: string; status: string; reason: string | null; citedAs: string }> };
    const search = async (asOf: string) => (await (await post('/api/memory/search', { question: 'Who does Maya Lind work for?', asOf })).json()) as Recalled;
    assert.match((await search('2024-09-01')).answer, /^Quill Systems —/, 'a forgotten fact stays queryable as of earlier dates');
    const later = await search('2024-09-15');
    assert.doesNotMatch(later.answer, /^Quill Systems —/, 'after it was forgotten it is no longer the answer');
    const quoted = later.facts?.find((standing) => standing.evidence.includes('Quill Systems'));
    // A passage of the episode may still be quoted (the episode is kept): then its fact is shown forgotten, with the reason.
    if (/Quill Systems/.test(later.answer)) assert.deepEqual([quoted?.status, quoted?.citedAs, /said in jest/.test(quoted?.reason ?? '')], ['invalidated', 'passage', true], JSON.stringify(later.facts));
    const refused = await post('/api/memory/forget', { reason: 'nothing named' });
    assert.equal(refused.status, 400);
  });
});

const neo4j = neo4jTestSettings();

describe('conversation memory on Neo4j, through the MCP SDK client over HTTP', { skip: neo4j.skip }, () => {
  const settings = neo4j.settings;
  const env = settings ? { NEO4J_URI: settings.uri, NEO4J_USERNAME: settings.username, ...(settings.password ? { NEO4J_PASSWORD: settings.password } : {}) } : {};
  let rhizome: Rhizome;
  let server: RunningServer;
  before(async () => {
    if (settings) await wipeTestDatabase(settings);
    rhizome = createRhizome({ workspace: path.join(base, 'neo4j'), schema: MEMORY_SCHEMA, store: { backend: 'neo4j' }, env });
    server = await createServer({ rhizome, port: 0 });
  });
  after(async () => {
    await server.close();
    await rhizome.close();
  });

  test('the same conversation reads back the same on the other store', async () => {
    await converseOverHttp(server.url);
  });
});
