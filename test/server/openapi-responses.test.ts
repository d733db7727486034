import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { z } from 'zod';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { createApp, type RhizomeApp } from '../../src/server/index.js';
import * as responses from '../../src/server/response-schemas.js';
import { EXAMPLE_QUESTION, indexExample } from '../helpers/example-workspace.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const base = makeTempDir('rhizome-openapi-');
let rhizome: Rhizome;
let api: RhizomeApp;

before(async () => {
  await indexExample(path.join(base, 'workspace'));
  rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
  api = createApp({ rhizome, indexRoots: [base], webDirectory: false });
});
after(async () => {
  await api.jobs.drain();
  await rhizome.close();
});

const post = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Calls a route and checks its body against the documented schema: parsing keeps every field (none undocumented) and changes nothing. */
async function checkResponse(schema: z.ZodType, pathAndQuery: string, init?: RequestInit, status = 200): Promise<any> {
  const response = await api.app.request(pathAndQuery, init);
  const body: unknown = await response.json();
  assert.equal(response.status, status, `${pathAndQuery}: ${JSON.stringify(body)}`);
  const parsed = schema.safeParse(body);
  assert.ok(parsed.success, `${pathAndQuery}: ${parsed.error?.message}`);
  assert.deepEqual(parsed.data, body, `${pathAndQuery}: the response has fields its schema does not document`);
  return body;
}

test('every route answers what its response schema documents', async () => {
  await checkResponse(responses.healthResponseSchema, '/health');
  const { entities } = await checkResponse(responses.entitySearchResponseSchema, '/api/entities?q=Jonas%20Berg');
  assert.ok(entities.length > 0);
  const detail = await checkResponse(responses.entityDetailResponseSchema, `/api/entities/${entities[0].id}?depth=2`);
  assert.ok(detail.relations.length > 0 && detail.mentions.length > 0);
  const { paths } = await checkResponse(responses.pathsResponseSchema, '/api/paths?from=Jonas%20Berg&to=Lumen%20Optics&maxHops=4');
  assert.ok(paths.length > 0);
  const { communities } = await checkResponse(responses.communityListResponseSchema, '/api/communities');
  await checkResponse(responses.communitySchema, `/api/communities/${communities[0].id}`);
  const { documents } = await checkResponse(responses.documentListResponseSchema, '/api/documents');
  const document = await checkResponse(responses.documentDetailResponseSchema, `/api/documents/${documents[0].id}`);
  await checkResponse(responses.chunkResponseSchema, `/api/chunks/${document.chunks[0].id}`);
  const answer = await checkResponse(responses.answerSchema, '/api/query', post({ question: EXAMPLE_QUESTION, mode: 'local' }));
  assert.ok(answer.citations.length > 0);
  await checkResponse(responses.answerSchema, '/api/query', post({ question: 'What are the main themes?', mode: 'global' }));
  await checkResponse(responses.cypherResponseSchema, '/api/cypher', post({ query: 'MATCH (p:Person) RETURN p.name AS name LIMIT 3' }));
  await checkResponse(responses.statsResponseSchema, '/api/stats');
  const job = await checkResponse(responses.indexJobSchema, '/api/index', post({ paths: ['workspace-missing-folder'] }), 202);
  await checkResponse(responses.indexJobSchema, `/api/index/jobs/${job.id}?wait=true`);
  await checkResponse(responses.indexJobListResponseSchema, '/api/index/jobs');
  const run = await checkResponse(responses.evalRunSchema, '/api/eval', post({ questions: [{ id: 'q1', question: EXAMPLE_QUESTION, expected: ['Lumen Optics'], hops: 3 }], methods: ['local'] }));
  await checkResponse(responses.evalRunListResponseSchema, '/api/eval/runs');
  await checkResponse(responses.evalRunSchema, `/api/eval/runs/${run.id}`);
  await checkResponse(responses.chatModelsResponseSchema, '/v1/models');
  await checkResponse(responses.chatCompletionResponseSchema, '/v1/chat/completions', post({ model: 'rhizome-local', messages: [{ role: 'user', content: EXAMPLE_QUESTION }] }));
  await checkResponse(responses.errorBodySchema, '/api/entities/nobody-has-this-name', undefined, 404);
});

test('the OpenAPI document gives every JSON route its response schema and every error the error body', () => {
  const document = api.openApi as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>> };
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const success = operation.responses['200'] ?? operation.responses['202'];
      const schema = success?.content?.['application/json']?.schema;
      if (route.endsWith('/events')) continue;
      assert.ok(schema && (schema.properties !== undefined || schema.$ref !== undefined), `${method} ${route} documents its response: ${JSON.stringify(schema)}`);
      assert.deepEqual(operation.responses['404']?.content?.['application/json']?.schema, { $ref: '#/components/schemas/Error' });
    }
  }
  const query = document.paths['/api/query']?.post?.responses['200']?.content?.['application/json']?.schema as { properties: Record<string, unknown>; required: string[] };
  assert.ok(query.required.includes('citations') && query.properties.metadata, 'the answer is described field by field');
  assert.ok(document.paths['/api/index']?.post?.responses['202'], 'index jobs are documented as 202 Accepted');
});
