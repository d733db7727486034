import { z } from 'zod';
import { chunkSchema, sourceDocumentSchema, spanSchema, type Citation, type Community, type Entity, type MergeRecord } from '../core/records.js';
import { QUERY_MODES, type QueryMode } from '../core/retrieval-context.js';
import type { DocumentDetail, EntityDetail, EntityPath, EntityRelation } from '../explore/graph-explorer.js';
import type { ChunkWithSource, StoredDocument } from '../graph/store.js';
import type { EntityHistory, HistoryEvent } from '../history/entity-history.js';
import type { FactStanding } from '../history/fact-status.js';
import type { TimedAnswer } from '../history/timed-queries.js';
import type { ForgetResult, MemoryFact, RememberResult } from '../memory/agent-memory.js';
import type { RhizomeStats } from '../rhizome.js';
import { ERROR_CODES, type ErrorBody } from './error-status.js';
import type { IndexJob } from './index-jobs.js';

// What the routes answer, for the OpenAPI document. Each schema `satisfies` the type the handler
// returns (a field missing here fails the type check) and test/server/openapi-responses.test.ts
// parses real responses with them (a field the schema lacks fails there): the two cannot drift.
// `satisfies` alone lets a schema leave out an optional field of its type; the `Documented` checks
// at the end of the file fail the type check when one does.

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
const mergeSchema = z.object({ entityId: z.string(), kept: z.string(), merged: z.string(), reason: z.enum(['initial-surname', 'surname', 'first-name', 'short-form', 'acronym', 'fuzzy', 'review']) }) satisfies z.ZodType<MergeRecord>;

export const entitySearchResponseSchema = z.object({ entities: z.array(entitySchema.extend({ score: z.number() })) });

const entityRelationSchema = z.object({
  id: z.string(),
  type: z.string(),
  direction: z.enum(['out', 'in']),
  other: entitySummarySchema,
  evidence: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  supersededBy: z.string().optional().describe('the relation id of the newer fact that closed this one'),
  invalidationReason: z.string().optional().describe('why the fact was closed: the newer evidence, or the reason it was forgotten'),
  recordedAt: z.string().optional().describe('when the fact was recorded (transaction time)'),
  citation: citationSchema.nullable(),
}) satisfies z.ZodType<EntityRelation>;

export const entityDetailResponseSchema = z.object({
  entity: entitySchema,
  relations: z.array(entityRelationSchema),
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

const factStandingSchema = z.object({
  relationId: z.string(),
  type: z.string(),
  status: z.enum(['current', 'superseded', 'invalidated', 'ended', 'not-yet']),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  recordedAt: z.string().nullable().describe('when the fact was recorded (transaction time)'),
  supersededBy: z.string().nullable().describe('the relation id of the newer fact that closed it'),
  reason: z.string().nullable().describe('why it was closed'),
  interim: z.boolean().describe('the evidence says the fact holds for the time being ("interim", « par intérim »)'),
  evidence: z.string().describe('the sentence that states the fact'),
  citedAs: z.enum(['fact', 'passage']).describe('cited as a fact, or through a quoted passage that states it (a forgotten or superseded fact a passage still says is shown so)'),
}) satisfies z.ZodType<FactStanding>;

/** The answer of POST /api/query and POST /api/memory/search. */
export const answerSchema = z.object({
  question: z.string(),
  mode: modeSchema,
  answer: z.string().describe('the answer; citation markers [n] point into citations'),
  found: z.boolean().describe('false when the documents hold nothing relevant (the answer says so)'),
  citations: z.array(citationSchema),
  paths: z.array(z.string()).describe('relation paths used as evidence, written "A —TYPE→ B"'),
  context: z.object({ chunks: z.number().int(), tokens: z.number().int(), searchedWith: z.string() }),
  metadata: z.object({ answerer: z.string(), questionEntities: z.array(z.string()), route: z.string(), reason: z.string(), latencyMs: z.number() }),
  asOf: z.string().optional().describe('the date `facts` gives each standing on: asOf when asked, else a date the question writes (absent: today)'),
  facts: z.array(factStandingSchema).optional().describe('the cited facts that carry dates or were closed, each with its standing on that date (absent when none)'),
}) satisfies z.ZodType<TimedAnswer>;

const historyEventSchema = z.object({
  date: z.string(),
  kind: z.enum(['started', 'ended', 'superseded', 'invalidated']),
  relationId: z.string(),
  type: z.string(),
  direction: z.enum(['out', 'in']),
  other: entitySummarySchema,
  evidence: z.string(),
  citation: citationSchema.nullable(),
  recordedAt: z.string().nullable().describe('when the fact was recorded (transaction time)'),
  interim: z.literal(true).optional().describe('present when the evidence says the fact held for the time being ("interim", « par intérim »)'),
  successor: z.object({ relationId: z.string(), other: entitySummarySchema, evidence: z.string(), citation: citationSchema.nullable() }).optional().describe('superseded: the newer fact that closed it'),
  restatement: z.object({ relationId: z.string(), evidence: z.string(), citation: citationSchema.nullable() }).optional().describe('started or ended on a date a later statement of the fact gave: that statement'),
  reason: z.string().optional().describe('why it was closed (superseded or invalidated)'),
}) satisfies z.ZodType<HistoryEvent>;

export const entityHistoryResponseSchema = z.object({
  entity: entitySummarySchema,
  events: z.array(historyEventSchema).describe('every change, oldest first'),
  facts: z.array(factStandingSchema.pick({ relationId: true, type: true, status: true, validFrom: true, validTo: true, interim: true }).extend({ other: z.string().describe('the name of the entity at the other end') })).describe('where each dated fact stands today'),
}) satisfies z.ZodType<EntityHistory>;

const memoryFactSchema = z.object({
  id: z.string(),
  type: z.string(),
  sourceId: z.string(),
  targetId: z.string(),
  evidence: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  supersededBy: z.string().optional().describe('the relation id of the newer fact that closed it'),
  invalidationReason: z.string().optional().describe('why it was closed'),
}) satisfies z.ZodType<MemoryFact>;

export const rememberResponseSchema = z.object({
  episodeId: z.string().describe('the id of the episode document'),
  path: z.string().describe('the episode file in the workspace'),
  time: z.string(),
  facts: z.array(memoryFactSchema).describe('the facts read from the episode'),
  superseded: z.array(memoryFactSchema).describe('the older facts it closed'),
}) satisfies z.ZodType<RememberResult>;

export const forgetResponseSchema = z.object({
  invalidated: z.array(memoryFactSchema.extend({ reason: z.string() })).describe('the facts closed (never deleted: still true as of earlier dates)'),
}) satisfies z.ZodType<ForgetResult>;

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

/** The fields of T a schema leaves out (never when it documents them all, optional ones included). */
type Undocumented<Schema extends z.ZodType, T> = Exclude<keyof T, keyof z.output<Schema>>;
/** Fails the type check, naming the fields, unless it is given `never`. */
type Documented<Missing extends never> = Missing;
type DocumentsEveryField = [
  Documented<Undocumented<typeof citationSchema, Citation>>,
  Documented<Undocumented<typeof entityRelationSchema, EntityRelation>>,
  Documented<Undocumented<typeof entityDetailResponseSchema, EntityDetail>>,
  Documented<Undocumented<typeof storedDocumentSchema, Omit<StoredDocument, 'blocks' | 'links'>>>, // blocks and links are never stored
  Documented<Undocumented<typeof chunkResponseSchema, ChunkWithSource>>,
  Documented<Undocumented<typeof factStandingSchema, FactStanding>>,
  Documented<Undocumented<typeof answerSchema, TimedAnswer>>,
  Documented<Undocumented<typeof historyEventSchema, HistoryEvent>>,
  Documented<Undocumented<typeof entityHistoryResponseSchema, EntityHistory>>,
  Documented<Undocumented<typeof memoryFactSchema, MemoryFact>>,
  Documented<Undocumented<typeof rememberResponseSchema, RememberResult>>,
  Documented<Undocumented<typeof forgetResponseSchema, ForgetResult>>,
];
