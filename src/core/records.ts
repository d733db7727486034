import { z } from 'zod';

/** Languages the offline extractor understands. */
export const languageSchema = z.enum(['en', 'fr']);
export type Language = z.infer<typeof languageSchema>;

/** What a block of a structured document holds: prose blocks are split into sentences, code and tables never are. */
export const blockKindSchema = z.enum(['heading', 'paragraph', 'list-item', 'code', 'table']);
export type BlockKind = z.infer<typeof blockKindSchema>;

/** One block of a structured document: its place in the text, the headings above it (its own last when it is one), its PDF page. */
export const textBlockSchema = z.object({
  kind: blockKindSchema,
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  section: z.array(z.string()),
  page: z.number().int().positive().optional(),
});
export type TextBlock = z.infer<typeof textBlockSchema>;

/** A link of a Markdown or HTML document: its text stays in the document text, its URL lands here. */
export const documentLinkSchema = z.object({ text: z.string(), url: z.string(), start: z.number().int(), end: z.number().int() });
export type DocumentLink = z.infer<typeof documentLinkSchema>;

/** Character encodings a text file is read in. */
export const textEncodingSchema = z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']);
export type TextEncoding = z.infer<typeof textEncodingSchema>;

/**
 * A source file turned into text, with metadata; offsets of every later record point into `text`.
 * For Markdown and HTML, `text` is the file's text with its markup blanked out (replaced by spaces and
 * line breaks), so it has the file's length and every offset is also an offset into the file; PDF and DOCX
 * text is the extracted text of their pages and paragraphs. `blocks` (structured formats only) is what the
 * chunker follows; it and `links` are not stored.
 */
export const sourceDocumentSchema = z.object({
  id: z.string(),
  path: z.string(),
  format: z.enum(['txt', 'md', 'html', 'pdf', 'docx']),
  title: z.string(),
  date: z.string().nullable(),
  language: languageSchema,
  contentHash: z.string(),
  byteSize: z.number().int().nonnegative(),
  text: z.string(),
  /** How the bytes of a text format were decoded (absent for PDF and DOCX). */
  encoding: textEncodingSchema.optional(),
  blocks: z.array(textBlockSchema).optional(),
  links: z.array(documentLinkSchema).optional(),
  /** Transaction time: when the run that stored this version of the document ran (set at store time). */
  recordedAt: z.string().optional(),
});
export type SourceDocument = z.infer<typeof sourceDocumentSchema>;

/** A window of a document's text; `start`/`end` are character offsets in the document text. */
export const chunkSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  index: z.number().int().nonnegative(),
  text: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  tokenCount: z.number().int().nonnegative(),
  /** `code` and `table` chunks hold one such block, searchable but never split into sentences; absent means prose. */
  kind: z.enum(['prose', 'code', 'table']).optional(),
  /** The headings above the chunk, outermost first, joined by " › " (absent when the document has none). */
  section: z.string().optional(),
  /** The PDF page the chunk comes from, from 1. */
  page: z.number().int().positive().optional(),
});
export type Chunk = z.infer<typeof chunkSchema>;

/** A character span in a document. */
export const spanSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type Span = z.infer<typeof spanSchema>;

/** What kind of clue a type vote came from: a schema cue (suffix, word before or after, title), the name's shape, a relative pronoun, a descriptor noun, a referring noun phrase, or the name's role in a schema phrase ("audited by X"). */
export const typeCueSchema = z.enum(['suffix', 'before', 'after', 'title', 'code', 'person-name', 'initial', 'business-shape', 'relative-pronoun', 'descriptor', 'referring-noun', 'relation-agent']);
export type TypeCue = z.infer<typeof typeCueSchema>;

/** One vote of the NLP extractor for a mention's type: the cue, the phrase that fired it, and its weight. */
export const typeVoteSchema = z.object({
  type: z.string().min(1),
  cue: typeCueSchema,
  phrase: z.string().optional(),
  weight: z.number(),
});
export type TypeVote = z.infer<typeof typeVoteSchema>;

/** One entity occurrence found by an extractor, before resolution. */
export const extractedEntitySchema = z.object({
  name: z.string().min(1),
  type: z.string().min(1),
  span: spanSchema,
  description: z.string().optional(),
  /** How strongly the extractor believes in `type` (NLP: cue score; 0 = fallback type). */
  confidence: z.number().min(0).optional(),
  /** The text defines this name as another name for `aliasOf` ("Long Form (LF)"). */
  aliasOf: z.string().optional(),
  /** Every type vote the NLP extractor cast for this mention (the winning type's sum is `confidence`); absent from model extractions. */
  votes: z.array(typeVoteSchema).optional(),
});
export type ExtractedEntity = z.infer<typeof extractedEntitySchema>;

/** One relation found by an extractor; never without the sentence that states it. */
export const extractedRelationSchema = z.object({
  type: z.string().min(1),
  source: z.string().min(1),
  target: z.string().min(1),
  evidence: z.string().min(1),
  span: spanSchema,
  validFrom: z.string().nullable().optional(),
  /** The last day the fact held, when the sentence says it ended or will end ("retires on 31 March", "until 2023"). */
  validTo: z.string().nullable().optional(),
  /** How the relation was found: a typed phrase, two names in one sentence, two items of one list of three or more names, a name under the document's title, or the only name of a sentence and the names just before it. */
  basis: z.enum(['pattern', 'sentence', 'list', 'title', 'neighbour']).optional(),
  /** The edge phrase that stated a `pattern` relation, and whether it read source … target (active) or target … source (passive). */
  phrase: z.string().optional(),
  voice: z.enum(['active', 'passive']).optional(),
});
export type ExtractedRelation = z.infer<typeof extractedRelationSchema>;

/** What an extractor (NLP or LLM) returns for one chunk. */
export const chunkExtractionSchema = z.object({
  chunkId: z.string(),
  entities: z.array(extractedEntitySchema),
  relations: z.array(extractedRelationSchema),
});
export type ChunkExtraction = z.infer<typeof chunkExtractionSchema>;

/** A resolved node of the knowledge graph. */
export interface Entity {
  id: string;
  type: string;
  name: string;
  aliases: string[];
  description: string;
  mentionCount: number;
}

/** A resolved edge with its evidence; `type` is a declared edge type or RELATED_TO. */
export interface Relation {
  id: string;
  type: string;
  sourceId: string;
  targetId: string;
  evidence: string;
  chunkId: string;
  documentId: string;
  start: number;
  end: number;
  weight: number;
  validFrom: string | null;
  validTo: string | null;
  /** Transaction time: when the run that stored the evidence's document version ran (absent in workspaces indexed before it was kept). */
  recordedAt?: string | null;
  /** The content hash of the document version the evidence was read from. */
  documentVersion?: string | null;
  /** The newer fact (a relation id) that closed this one. */
  supersededBy?: string | null;
  /** Transaction time the fact was closed: when its successor was recorded, or when it was forgotten. */
  invalidatedAt?: string | null;
  /** Why it was closed: the successor's evidence and dates, or the reason given when it was forgotten. */
  invalidationReason?: string | null;
  /** The latest later statement of the same fact (a relation id) whose start or end, still ahead when it was written, replaced this one's: the evidence of that bound. */
  restatedBy?: string | null;
}

/** What a summary of the whole relation layer reads of a relation: its ends, weight, evidence sentence and start, without its type, document or history. */
export type RelationEdge = Pick<Relation, 'id' | 'sourceId' | 'targetId' | 'evidence' | 'chunkId' | 'start' | 'end' | 'weight' | 'validFrom'>;

/** An end of a retracted fact as the entity layer held it then (it may since be gone). */
export type RetractedFactEnd = Pick<Entity, 'id' | 'name' | 'type'>;

/**
 * A fact as the store held it until a write retracted it (transaction time): its document was
 * re-indexed in a new version or removed, or a re-resolution changed how it stood (closed by another
 * fact, its ends merged). Hidden from every query but those with a `knownAt` before `retractedAt`.
 */
export interface RetractedFact {
  /** The stored row as it was, with its own recording time and closing. */
  relation: Relation;
  source: RetractedFactEnd;
  target: RetractedFactEnd;
  /** Transaction time of the write that retracted it (the run that recorded the next version). */
  retractedAt: string;
  why: 'document-replaced' | 'document-removed' | 'fact-revised';
}

/** The key of a retracted fact in the store: one row per fact per retraction. */
export function retractedFactKey(fact: Pick<RetractedFact, 'relation' | 'retractedAt'>): string {
  return `${fact.relation.id}@${fact.retractedAt}`;
}

/** The transaction-time and supersession fields of a relation, stored beside its validity. */
export const RELATION_HISTORY_FIELDS = ['recordedAt', 'documentVersion', 'supersededBy', 'invalidatedAt', 'invalidationReason', 'restatedBy'] as const;
export type RelationHistoryField = (typeof RELATION_HISTORY_FIELDS)[number];

/** A link from a chunk to an entity it mentions. */
export interface Mention {
  chunkId: string;
  entityId: string;
  count: number;
}

/** Why two names became one node ('review': a reviewer merged them, see src/review). */
export interface MergeRecord {
  entityId: string;
  kept: string;
  merged: string;
  reason: 'initial-surname' | 'surname' | 'first-name' | 'short-form' | 'acronym' | 'fuzzy' | 'review';
}

/** Joins the headings of a section path in chunks and citations. */
export const SECTION_SEPARATOR = ' › ';

/** The innermost heading of a section path ("Shared Options › pollMode" → "pollMode"); undefined without one. */
export function innermostHeading(section: string | undefined): string | undefined {
  return section === undefined || section === '' ? undefined : section.split(SECTION_SEPARATOR).pop();
}

/** A pointer from an answer to the evidence it used. */
export interface Citation {
  kind: 'document' | 'chunk' | 'entity' | 'relation' | 'community';
  id: string;
  label: string;
  path?: string;
  span?: Span;
  /** The section path of a cited chunk ("Configuration › Vector store"). */
  section?: string;
  /** The PDF page of a cited chunk. */
  page?: number;
}

/** One finding of a community report: a sentence of the corpus with where it comes from. */
export interface CommunityFinding {
  text: string;
  chunkId: string;
  documentId: string;
  span: Span;
}

/** What a community is about: title, summary, central entities, strongest relations, findings. */
export interface CommunityReport {
  title: string;
  summary: string;
  keyEntities: Array<{ id: string; name: string; type: string }>;
  keyRelations: Array<{ id: string; type: string; source: string; target: string }>;
  findings: CommunityFinding[];
  /** Who wrote it: "extractive" offline, else the model id. */
  generatedBy: string;
}

/** A community of entities at one level of the hierarchy, with its report. */
export interface Community {
  id: string;
  level: number;
  parentId: string | null;
  memberIds: string[];
  report: CommunityReport;
  /** Hash of the report's inputs (members, their relations, report version): unchanged inputs reuse the report. */
  inputHash: string;
}
