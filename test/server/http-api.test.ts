import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { createApp, createServer, type RhizomeApp } from '../../src/server/index.js';
import { EXAMPLE_QUESTION, indexExample } from '../helpers/example-workspace.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const base = makeTempDir('rhizome-http-');
const workspace = path.join(base, 'workspace');
const extraDocs = path.join(base, 'extra');
let rhizome: Rhizome;
let api: RhizomeApp;

before(async () => {
  await indexExample(workspace);
  rhizome = createRhizome({ workspace });
  api = createApp({ rhizome, indexRoots: [base] });
});
after(async () => {
  await api.jobs.drain();
  await rhizome.close();
});

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
async function call(pathAndQuery: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const response = await api.app.request(pathAndQuery, init);
  const text = await response.text();
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** The events of a Server-Sent Events body, in order. */
function parseEvents(text: string): Array<{ event: string | undefined; data: string }> {
  return text.split('\n\n').filter((block) => block.trim() !== '').map((block) => {
    const lines = block.split('\n');
    return { event: lines.find((line) => line.startsWith('event:'))?.slice(6).trim(), data: lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n') };
  });
}

test('health answers; the OpenAPI document is generated from the request schemas and lists every route', async () => {
  assert.deepEqual((await call('/health')).body, { ok: true });
  const { body } = await call('/openapi.json');
  assert.equal(body.openapi, '3.1.0');
  const query = body.paths['/api/query'].post;
  assert.deepEqual(query.requestBody.content['application/json'].schema.required, ['question']);
  assert.ok(query.requestBody.content['application/json'].schema.properties.mode.enum.includes('local'));
  assert.ok(query.responses['200'].content['text/event-stream'], 'streaming routes say so');
  for (const route of ['/api/entities', '/api/entities/{id}', '/api/paths', '/api/communities', '/api/communities/{id}', '/api/documents', '/api/documents/{id}', '/api/chunks/{id}', '/api/stats', '/api/index', '/api/index/upload', '/api/index/jobs/{id}/events', '/api/eval', '/api/eval/runs', '/v1/chat/completions', '/v1/models']) {
    assert.ok(body.paths[route], `${route} is documented`);
  }
  assert.equal(body.paths['/api/entities'].get.parameters.find((parameter: { name: string }) => parameter.name === 'limit').schema.maximum, 100);
});

test('POST /api/query answers with citations and paths; invalid requests are 400 with the field named', async () => {
  const { status, body } = await call('/api/query', json({ question: EXAMPLE_QUESTION, mode: 'local' }));
  assert.equal(status, 200);
  assert.ok(body.found && body.citations.length > 0 && body.paths.length > 0);
  const missing = await call('/api/query', json({ mode: 'local' }));
  assert.equal(missing.status, 400);
  assert.equal(missing.body.error.code, 'INPUT_INVALID');
  assert.match(missing.body.error.message, /question/);
  assert.equal((await call('/api/query', json({ question: 'x', mode: 'sideways' }))).status, 400);
  assert.equal((await call('/api/query', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' })).body.error.code, 'INPUT_INVALID');
});

test('POST /api/query with stream: true sends progress, answer pieces and the answer as Server-Sent Events', async () => {
  const response = await api.app.request('/api/query', json({ question: EXAMPLE_QUESTION, stream: true }));
  assert.match(response.headers.get('content-type') ?? '', /text\/event-stream/);
  const events = parseEvents(await response.text());
  const names = events.map((event) => event.event);
  assert.ok(names.includes('progress') && names.includes('delta'), names.join(','));
  assert.equal(names.at(-1), 'answer');
  const answer = JSON.parse(events.at(-1)?.data ?? '{}');
  const streamed = events.filter((event) => event.event === 'delta').map((event) => JSON.parse(event.data).text).join('');
  assert.equal(streamed, answer.answer, 'the pieces add up to the answer');
  assert.ok(events.some((event) => event.event === 'progress' && JSON.parse(event.data).stage === 'retrieve'));
});

test('entities: search, one entity with relations, evidence and neighbourhood, 404 for an unknown one', async () => {
  const search = await call(`/api/entities?q=${encodeURIComponent('Jonas Berg')}&limit=5`);
  assert.equal(search.body.entities[0].name, 'Jonas Berg');
  const detail = await call(`/api/entities/${encodeURIComponent(search.body.entities[0].id)}?depth=2`);
  assert.equal(detail.status, 200);
  assert.ok(detail.body.relations.some((relation: any) => relation.other.name === 'Kite' && relation.evidence.length > 0 && relation.citation?.path));
  assert.ok(detail.body.neighbourhood.nodes.some((node: any) => node.name === 'Kite'));
  assert.ok(detail.body.neighbourhood.edges.length > 0);
  assert.equal((await call('/api/entities/Jonas%20Berg')).body.entity.id, search.body.entities[0].id, 'a name works as well as an id');
  const unknown = await call('/api/entities/Nobody%20Atall');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error.code, 'INPUT_NOT_FOUND');
  assert.equal((await call('/api/entities?limit=1000')).status, 400);
});

test('paths between two entities, with evidence', async () => {
  const { body } = await call(`/api/paths?from=${encodeURIComponent('Jonas Berg')}&to=${encodeURIComponent('Lumen Optics')}&maxHops=4`);
  assert.ok(body.paths.length > 0);
  const [first] = body.paths;
  assert.equal(first.entities[0].name, 'Jonas Berg');
  assert.equal(first.entities.at(-1).name, 'Lumen Optics');
  assert.ok(first.relations.every((relation: any) => relation.evidence.length > 0));
  assert.match(first.text, /Jonas Berg .* Lumen Optics/);
});

test('communities with reports, documents with chunks, chunks, stats', async () => {
  const communities = (await call('/api/communities')).body.communities;
  assert.ok(communities.length > 0 && communities[0].title);
  const community = await call(`/api/communities/${communities[0].id}`);
  assert.ok(community.body.report.findings.length > 0);
  assert.equal((await call('/api/communities/none')).status, 404);
  const documents = (await call('/api/documents')).body.documents;
  assert.ok(documents.length >= 8);
  const document = await call(`/api/documents/${encodeURIComponent(documents[0].id)}`);
  assert.ok(document.body.chunks.length > 0);
  const chunk = await call(`/api/chunks/${encodeURIComponent(document.body.chunks[0].id)}`);
  assert.equal(chunk.body.text, document.body.chunks[0].text);
  const stats = (await call('/api/stats')).body;
  assert.equal(stats.documents, documents.length);
});

test('read-only Cypher probes run; writes are rejected with 400', async () => {
  const rows = await call('/api/cypher', json({ query: 'MATCH (p:Person) WHERE p.name = $name RETURN p.name AS name', parameters: { name: 'Jonas Berg' } }));
  assert.deepEqual(rows.body.rows, [{ name: 'Jonas Berg' }]);
  const write = await call('/api/cypher', json({ query: "CREATE (:Person {id: 'x', name: 'Mallory'})" }));
  assert.equal(write.status, 400);
  assert.equal(write.body.error.code, 'CYPHER_REJECTED');
});

test('index jobs: a folder inside the index roots is indexed in the background while queries keep being answered; progress comes as SSE', async () => {
  mkdirSync(extraDocs, { recursive: true });
  writeFileSync(path.join(extraDocs, 'tide-gauges.md'), '# Tide gauges\n\nThe Petrel programme uses the TG-4 gauge. Orla Quint leads the Petrel programme.\n');
  const submitted = await call('/api/index', json({ paths: [extraDocs] }));
  assert.equal(submitted.status, 202);
  const id = submitted.body.id;
  const during = await call('/api/query', json({ question: EXAMPLE_QUESTION }));
  assert.equal(during.status, 200, 'a query during the index run is answered');
  const finished = await call(`/api/index/jobs/${id}?wait=true`);
  assert.equal(finished.body.state, 'done', JSON.stringify(finished.body.error));
  assert.equal(finished.body.summary.documents.added, 1);
  const events = parseEvents(await (await api.app.request(`/api/index/jobs/${id}/events`)).text());
  assert.ok(events.some((event) => event.event === 'progress'));
  assert.equal(events.at(-1)?.event, 'end');
  const answer = await call('/api/query', json({ question: 'Who leads the Petrel programme?', mode: 'local' }));
  assert.match(answer.body.answer, /Orla Quint/);
  const outside = await call('/api/index', json({ paths: ['/etc'] }));
  assert.equal(outside.status, 400);
  assert.match(outside.body.error.message, /outside the folders/);
  assert.equal((await call('/api/index/jobs/nope')).status, 404);
});

test('uploaded files are indexed', async () => {
  const form = new FormData();
  form.append('files', new File(['Sable Works makes the KR-2 winch. The Petrel programme uses the KR-2 winch.\n'], 'winch.txt', { type: 'text/plain' }));
  const submitted = await call('/api/index/upload', { method: 'POST', body: form });
  assert.equal(submitted.status, 202, JSON.stringify(submitted.body));
  const finished = await call(`/api/index/jobs/${submitted.body.id}?wait=true`);
  assert.equal(finished.body.state, 'done', JSON.stringify(finished.body.error));
  assert.equal(finished.body.summary.documents.added, 1);
  const documents = (await call('/api/documents')).body.documents;
  assert.ok(documents.some((document: any) => document.path.endsWith('winch.txt')));
  assert.equal((await call('/api/index/upload', { method: 'POST', body: new FormData() })).status, 400);
});

test('an OpenAI-compatible chat endpoint answers with its sources, also streamed', async () => {
  const models = (await call('/v1/models')).body;
  assert.ok(models.data.some((model: any) => model.id === 'rhizome-local'));
  const completion = await call('/v1/chat/completions', json({ model: 'rhizome-local', messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: EXAMPLE_QUESTION }] }));
  assert.equal(completion.status, 200);
  const content = completion.body.choices[0].message.content;
  assert.match(content, /\[1\]/);
  assert.match(content, /Sources:\n\[1\] /);
  assert.ok(completion.body.citations.length > 0);
  const streamed = await api.app.request('/v1/chat/completions', json({ model: 'rhizome', stream: true, messages: [{ role: 'user', content: [{ type: 'text', text: EXAMPLE_QUESTION }] }] }));
  const events = parseEvents(await streamed.text());
  assert.equal(events.at(-1)?.data, '[DONE]');
  const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data));
  const text = chunks.map((chunk) => chunk.choices[0].delta.content ?? '').join('');
  assert.match(text, /Sources:/);
  assert.equal(chunks.at(-1).choices[0].finish_reason, 'stop');
  assert.equal((await call('/v1/chat/completions', json({ model: 'gpt-4', messages: [{ role: 'user', content: 'hi' }] }))).status, 400);
});

test('evaluation runs score answers and are listed', async () => {
  const run = await call('/api/eval', json({ questions: [{ id: 'q1', question: 'Who leads the Kite programme?', expected: ['Jonas Berg'], hops: 1 }], methods: ['local', 'bm25'] }));
  assert.equal(run.status, 200);
  assert.equal(run.body.result.methods.local.mean, 1);
  const runs = (await call('/api/eval/runs')).body.runs;
  assert.equal(runs[0].id, run.body.id);
  assert.equal((await call(`/api/eval/runs/${run.body.id}`)).body.result.questions.length, 2);
});

test('a token guards every route but health; CORS is off unless configured; bodies are size-limited', async () => {
  const guarded = createApp({ rhizome, token: 'a-long-enough-test-token', corsOrigins: ['https://app.example'], maxBodyBytes: 200 });
  assert.equal((await guarded.app.request('/health')).status, 200);
  const refused = await guarded.app.request('/api/stats');
  assert.equal(refused.status, 401);
  assert.equal((await guarded.app.request('/api/stats', { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status, 401);
  assert.equal((await guarded.app.request('/api/stats', { headers: { authorization: 'Bearer a-long-enough-test-token' } })).status, 200);
  const preflight = await guarded.app.request('/api/query', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } });
  assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://app.example');
  assert.equal((await api.app.request('/api/stats', { headers: { origin: 'https://app.example' } })).headers.get('access-control-allow-origin'), null, 'no CORS by default');
  const big = await guarded.app.request('/api/query', { method: 'POST', headers: { authorization: 'Bearer a-long-enough-test-token', 'content-type': 'application/json' }, body: JSON.stringify({ question: 'x'.repeat(500) }) });
  assert.equal(big.status, 413);
  assert.equal(((await big.json()) as { error: { code: string } }).error.code, 'PAYLOAD_TOO_LARGE');
});

test('createServer refuses a bind beyond loopback without a token, and serves on loopback', async () => {
  await assert.rejects(createServer({ rhizome, host: '0.0.0.0', port: 0, mcp: false }), (error: Error & { code?: string }) => error.code === 'CONFIG_INVALID' && /token/.test(error.message));
  await assert.rejects(createServer({ rhizome, host: '0.0.0.0', port: 0, token: 'short', mcp: false }), /at least 16/);
  const server = await createServer({ rhizome, port: 0, mcp: false });
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(await (await fetch(`${server.url}/health`)).json(), { ok: true });
  } finally {
    await server.close();
  }
});

test('uploads have their own size limit', async () => {
  const small = createApp({ rhizome, maxUploadBytes: 500 });
  const form = new FormData();
  form.append('files', new File(['x'.repeat(2000)], 'big.txt', { type: 'text/plain' }));
  const response = await small.app.request('/api/index/upload', { method: 'POST', body: form });
  assert.equal(response.status, 413);
});
