import { z } from 'zod';

/** Languages the offline extractor understands. */
export const languageSchema = z.enum(['en', 'fr']);
export type Language = z.infer<typeof languageSchema>;

/** A source file turned into text, with metadata; offsets of every later record point into `text`. */
export const sourceDocumentSchema = z.object({
  id: z.string(),
  path: z.string(),
  format: z.enum(['txt', 'md', 'html', 'pdf']),
  title: z.string(),
  date: z.string().nullable(),
  language: languageSchema,
  contentHash: z.string(),
  byteSize: z.number().int().nonnegative(),
  text: z.string(),
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
});
export type Chunk = z.infer<typeof chunkSchema>;

/** A character span in a document. */
export const spanSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type Span = z.infer<typeof spanSchema>;

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
  /** How the relation was found: a typed phrase, two names in one sentence, a name under the document's title, or the only name of a sentence and the names just before it. */
  basis: z.enum(['pattern', 'sentence', 'title', 'neighbour']).optional(),
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
}

/** A link from a chunk to an entity it mentions. */
export interface Mention {
  chunkId: string;
  entityId: string;
  count: number;
}

/** Why two names became one node. */
export interface MergeRecord {
  entityId: string;
  kept: string;
  merged: string;
  reason: 'initial-surname' | 'surname' | 'short-form' | 'acronym' | 'fuzzy';
}

/** A pointer from an answer to the evidence it used. */
export interface Citation {
  kind: 'document' | 'chunk' | 'entity' | 'relation' | 'community';
  id: string;
  label: string;
  path?: string;
  span?: Span;
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
