import { z } from 'zod';
import type { Answer } from '../answer/answer.js';
import { chunkSchema, sourceDocumentSchema, spanSchema, type Citation, type Community, type Entity, type MergeRecord } from '../core/records.js';
import { QUERY_MODES, type QueryMode } from '../core/retrieval-context.js';
import type { DocumentDetail, EntityDetail, EntityPath } from '../explore/graph-explorer.js';
import type { ChunkWithSource, StoredDocument } from '../graph/store.js';
import type { RhizomeStats } from '../rhizome.js';
import { ERROR_CODES, type ErrorBody } from './error-status.js';
import type { IndexJob } from './index-jobs.js';

// What the routes answer, for the OpenAPI document. Each schema `satisfies` the type the handler
// returns (a field missing here fails the type check) and test/server/openapi-responses.test.ts
// parses real responses with them (a field the schema lacks fails there): the two cannot drift.

const modeSchema = z.enum(QUERY_MODES as [QueryMode, ...QueryMode[]]);

/** The body of every error response. */
export const errorBodySchema = z.object({ error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }) }) satisfies z.ZodType<ErrorBody>;

export const citationSchema = z.object({
  kind: z.enum(['document', 'chunk', 'entity', 'relation', 'community']),
  id: z.string(),
  label: z.string(),
  path: z.string().optional(),
  span: spanSchema.optional().describe('character offsets in the document text'),
  section: z.string().optional(),
  page: z.number().int().optional(),
}) satisfies z.ZodType<Citation>;

export const entitySchema = z.object({ id: z.string(), type: z.string(), name: z.string(), aliases: z.array(z.string()), description: z.string(), mentionCount: z.number().int() }) satisfies z.ZodType<Entity>;
const entitySummarySchema = entitySchema.pick({ id: true, name: true, type: true });
const edgeSchema = z.object({ id: z.string(), type: z.string(), sourceId: z.string(), targetId: z.string(), validFrom: z.string().nullable(), validTo: z.string().nullable() });
const mergeSchema = z.object({ entityId: z.string(), kept: z.string(), merged: z.string(), reason: z.enum(['initial-surname', 'surname', 'short-form', 'acronym', 'fuzzy']) }) satisfies z.ZodType<MergeRecord>;

export const entitySearchResponseSchema = z.object({ entities: z.array(entitySchema.extend({ score: z.number() })) });

export const entityDetailResponseSchema = z.object({
  entity: entitySchema,
  relations: z.array(z.object({ id: z.string(), type: z.string(), direction: z.enum(['out', 'in']), other: entitySummarySchema, evidence: z.string(), validFrom: z.string().nullable(), validTo: z.string().nullable(), citation: citationSchema.nullable() })),
  merges: z.array(mergeSchema),
  mentions: z.array(citationSchema),
  neighbourhood: z.object({ nodes: z.array(entitySummarySchema), edges: z.array(edgeSchema) }),
}) satisfies z.ZodType<EntityDetail>;

export const pathsResponseSchema = z.object({
  paths: z.array(z.object({ text: z.string().describe('the path written "A —TYPE→ B ←TYPE— C"'), entities: z.array(entitySummarySchema), relations: z.array(edgeSchema.extend({ evidence: z.string(), citation: citationSchema.nullable() })) }) satisfies z.ZodType<EntityPath>),
});

const communitySummarySchema = z.object({ id: z.string(), level: z.number().int(), parentId: z.string().nullable(), size: z.number().int(), title: z.string() });
export const communityListResponseSchema = z.object({ communities: z.array(communitySummarySchema) });

export const communitySchema = z.object({
  id: z.string(),
  level: z.number().int(),
  parentId: z.string().nullable(),
  memberIds: z.array(z.string()),
  report: z.object({
    title: z.string(),
    summary: z.string(),
    keyEntities: z.array(entitySummarySchema),
    keyRelations: z.array(z.object({ id: z.string(), type: z.string(), source: z.string(), target: z.string() })),
    findings: z.array(z.object({ text: z.string(), chunkId: z.string(), documentId: z.string(), span: spanSchema })),
    generatedBy: z.string().describe('"extractive" offline, else the model id'),
  }),
  inputHash: z.string(),
}) satisfies z.ZodType<Community>;

const storedDocumentSchema = sourceDocumentSchema.omit({ text: true, blocks: true, links: true }) satisfies z.ZodType<StoredDocument>;
export const documentListResponseSchema = z.object({ documents: z.array(storedDocumentSchema) });
export const chunkResponseSchema = chunkSchema.extend({ documentPath: z.string(), documentTitle: z.string(), documentDate: z.string().nullable() }) satisfies z.ZodType<ChunkWithSource>;
export const documentDetailResponseSchema = z.object({ document: storedDocumentSchema, chunks: z.array(chunkResponseSchema) }) satisfies z.ZodType<DocumentDetail>;

export const answerSchema = z.object({
  question: z.string(),
  mode: modeSchema,
  answer: z.string().describe('the answer; citation markers [n] point into citations'),
  found: z.boolean().describe('false when the documents hold nothing relevant (the answer says so)'),
  citations: z.array(citationSchema),
  paths: z.array(z.string()).describe('relation paths used as evidence, written "A —TYPE→ B"'),
  context: z.object({ chunks: z.number().int(), tokens: z.number().int(), searchedWith: z.string() }),
  metadata: z.object({ answerer: z.string(), questionEntities: z.array(z.string()), route: z.string(), reason: z.string(), latencyMs: z.number() }),
}) satisfies z.ZodType<Answer>;

export const cypherResponseSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });

const countsSchema = z.object({
  documents: z.number().int(),
  chunks: z.number().int(),
  entities: z.number().int(),
  relations: z.number().int(),
  typedRelations: z.number().int(),
  mentions: z.number().int(),
  communities: z.number().int(),
  entitiesByType: z.record(z.string(), z.number().int()),
  relationsByType: z.record(z.string(), z.number().int()),
});
export const statsResponseSchema = countsSchema.extend({
  workspace: z.string(),
  store: z.string(),
  extractor: z.string(),
  answerer: z.string(),
  vectors: z.object({ model: z.string().nullable(), dimensions: z.number().int().nullable(), chunks: z.number().int(), entities: z.number().int() }).nullable(),
  lastIndexedAt: z.string().nullable(),
}) satisfies z.ZodType<RhizomeStats>;

export const indexJobSchema = z.object({
  id: z.string(),
  paths: z.array(z.string()),
  prune: z.boolean(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  summary: z.looseObject({ documents: z.object({ seen: z.number().int(), added: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), removed: z.number().int() }) }).nullable().describe('the run summary (as `rhizome index` reports it) once done'),
  error: errorBodySchema.shape.error.nullable(),
}) satisfies z.ZodType<Omit<IndexJob, 'summary'>>;
export const indexJobListResponseSchema = z.object({ jobs: z.array(indexJobSchema) });

const evalRunSummarySchema = z.object({ id: z.string(), startedAt: z.string(), seconds: z.number(), methods: z.record(z.string(), z.looseObject({})).describe('per-method coverage summary') });
export const evalRunSchema = evalRunSummarySchema.omit({ methods: true }).extend({ methods: z.array(modeSchema), result: z.looseObject({ kind: z.literal('coverage'), methods: z.record(z.string(), z.looseObject({})), questions: z.array(z.looseObject({})) }) });
export const evalRunListResponseSchema = z.object({ runs: z.array(evalRunSummarySchema) });

export const healthResponseSchema = z.object({ ok: z.boolean() });
export const chatModelsResponseSchema = z.object({ object: z.literal('list'), data: z.array(z.object({ id: z.string(), object: z.literal('model'), created: z.number().int(), owned_by: z.string() })) });
export const chatCompletionResponseSchema = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(z.looseObject({ index: z.number().int(), message: z.object({ role: z.literal('assistant'), content: z.string() }), finish_reason: z.string() })),
  citations: z.array(citationSchema).describe('the answer\'s sources, numbered as in the reply'),
});
