import { graphSchemaSchema } from '../../src/config/graph-schema.js';
import type { Entity, Relation } from '../../src/core/records.js';
import type { ChunkSource } from '../../src/extraction/llm/extract-with-llm.js';
import type { ReplyLimits } from '../../src/prompts/extract-graph-prompt.js';
import type { RetrievalContext } from '../../src/core/retrieval-context.js';

/** A small schema, so prompts stay short for the 135M model. */
export const FIXTURE_SCHEMA = graphSchemaSchema.parse({
  nodeTypes: [
    { name: 'Person', description: 'A named human being.' },
    { name: 'Organisation', description: 'A company, supplier or public body.' },
    { name: 'Project', description: 'A named project or programme.' },
    { name: 'Product', description: 'A product, component or module.' },
  ],
  edgeTypes: [
    { name: 'LEADS', source: ['Person'], target: ['Project'], patterns: ['leads', 'dirige'], passivePatterns: ['led by', 'dirigé par'] },
    { name: 'WORKS_FOR', source: ['Person'], target: ['Organisation'], patterns: ['works for'] },
    { name: 'USES', source: ['Project'], target: ['Product'], patterns: ['uses'] },
    { name: 'SUPPLIES', source: ['Organisation'], target: ['Product'], patterns: ['supplies'] },
  ],
});

/** Tight reply bounds: the grammar then stops SmolLM2's repetition loops within ~300 tokens. */
export const FIXTURE_REPLY_LIMITS: ReplyLimits = { maxNodes: 4, maxEdges: 3, maxNameLength: 40, maxDescriptionLength: 60, maxEvidenceLength: 160 };

const TEXTS: Array<{ text: string; language: 'en' | 'fr' }> = [
  { text: 'Jonas Berg leads the Kite programme at Harbour Robotics. Kite uses the VX-9 sensor module.', language: 'en' },
  { text: 'Lumen Optics supplies VX-9 modules to several robotics firms. Dr Anna Holm works for Lumen Optics in Malmö.', language: 'en' },
  { text: 'Le projet Altaïr est dirigé par Maëlle Ostin. Les cartes NC-7 de Nordhaven Composants sont intégrées dans les prototypes.', language: 'fr' },
];

/** Three short chunks of one document, with document offsets (English, English, French). */
export const FIXTURE_CHUNKS: ChunkSource[] = (() => {
  let start = 0;
  return TEXTS.map(({ text, language }, index) => {
    const chunk = { id: `chunk_fixture_${index}`, documentId: 'doc_fixture', index, text, start, end: start + text.length, tokenCount: 0 };
    start += text.length + 1;
    return { chunk, language, documentDate: '2024-05-01', documentTitle: 'Harbour robotics notes' };
  });
})();

const entity = (id: string, type: string, name: string, description = ''): Entity => ({ id, type, name, aliases: [], description, mentionCount: 1 });

/** A retrieval context over the first two fixture chunks with one relation path, for answer tests. */
export function fixtureAnswerContext(): RetrievalContext {
  const jonas = entity('ent_jonas', 'Person', 'Jonas Berg', 'Leads the Kite programme.');
  const kite = entity('ent_kite', 'Project', 'Kite');
  const vx9 = entity('ent_vx9', 'Product', 'VX-9');
  const [first, second] = FIXTURE_CHUNKS as [ChunkSource, ChunkSource];
  const relation = (id: string, type: string, source: Entity, target: Entity, evidence: string, chunk: ChunkSource): Relation => {
    const at = chunk.chunk.start + chunk.chunk.text.indexOf(evidence);
    return { id, type, sourceId: source.id, targetId: target.id, evidence, chunkId: chunk.chunk.id, documentId: 'doc_fixture', start: at, end: at + evidence.length, weight: 1, validFrom: null, validTo: null };
  };
  const leads = relation('rel_leads', 'LEADS', jonas, kite, 'Jonas Berg leads the Kite programme at Harbour Robotics.', first);
  const uses = relation('rel_uses', 'USES', kite, vx9, 'Kite uses the VX-9 sensor module.', first);
  const withSource = (source: ChunkSource) => ({ ...source.chunk, documentPath: '/corpus/notes.md', documentTitle: 'Harbour robotics notes', documentDate: '2024-05-01' });
  return {
    mode: 'local',
    chunks: [{ chunk: withSource(first), score: 1 }, { chunk: withSource(second), score: 0.5 }],
    paths: [{ entities: [jonas, kite, vx9], relations: [leads, uses], score: 1 }],
    entityScores: new Map([[kite.id, 1], [vx9.id, 0.8]]),
    questionEntities: [jonas],
    knownEntities: [jonas, kite, vx9],
    tokens: 60,
    searchedWith: 'fixture',
    rankedChunkIds: [first.chunk.id, second.chunk.id],
    communities: [],
  };
}

/** The question asked of `fixtureAnswerContext`. */
export const FIXTURE_QUESTION = 'Which sensor module does the programme led by Jonas Berg use?';

/** A plain-text request (no JSON format). */
export const FIXTURE_PLAIN_REQUEST = { system: 'You answer in one short sentence.', messages: [{ role: 'user' as const, content: 'What is a robot?' }], promptVersion: 'fixture-plain-1', purpose: 'test', maxOutputTokens: 40 };

/** Sentences embedded for the embedding replay (two paraphrases and an unrelated one). */
export const FIXTURE_EMBEDDING_TEXTS = ['The weather is lovely today.', "It's so sunny outside!", 'He drove to the stadium.'];
