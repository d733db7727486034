import type { Community, CommunityFinding, Entity, Relation } from './records.js';
import type { ChunkWithSource } from '../graph/store.js';
import type { ConcernLexicon } from '../text/concerns/concern-lexicon.js';

/** Retrieval modes available. */
export type RetrievalMode = 'naive' | 'bm25' | 'vector' | 'local' | 'global' | 'hybrid' | 'cypher';
/** A retrieval mode, or `auto` to let the router choose per question. */
export type QueryMode = RetrievalMode | 'auto';

/** Every retrieval mode, in the order they are documented. */
export const RETRIEVAL_MODES: readonly RetrievalMode[] = ['naive', 'bm25', 'vector', 'local', 'global', 'hybrid', 'cypher'];
/** Every mode a caller may ask for. */
export const QUERY_MODES: readonly QueryMode[] = [...RETRIEVAL_MODES, 'auto'];

/** What the text-to-Cypher mode ran and what came back. */
export interface CypherResult {
  attempts: Array<{ query: string; rows: number; error?: string }>;
  rows: Array<Record<string, unknown>>;
}

/** A community report judged relevant to the question, with what it says about it. */
export interface ScoredCommunity {
  community: Community;
  score: number;
  /** The report's findings that bear on the question, best first. */
  findings: CommunityFinding[];
  /** What the community is about, in its documents' words (distinctive terms of its source sentences). */
  keywords?: string[];
  /** For each member entity, a sentence of the community's sources that names it (so a listed member can be cited). */
  memberEvidence?: Map<string, CommunityFinding>;
}

/** A chain of relations from an entity the question names towards a related entity. */
export interface RelationPath {
  entities: Entity[];
  relations: Relation[];
  score: number;
}

/** The document, section and page a cited chunk comes from. */
export interface ChunkSource {
  documentTitle: string;
  documentPath: string;
  section?: string;
  page?: number;
}

/** Where each of the given chunks comes from, by chunk id. */
export function chunkSources(chunks: readonly ChunkWithSource[]): Map<string, ChunkSource> {
  return new Map(chunks.map((chunk) => [chunk.id, { documentTitle: chunk.documentTitle, documentPath: chunk.documentPath, ...(chunk.section === undefined ? {} : { section: chunk.section }), ...(chunk.page === undefined ? {} : { page: chunk.page }) }]));
}

/** A chunk chosen for the context, with its retrieval score. */
export interface ContextChunk {
  chunk: ChunkWithSource;
  score: number;
}

/**
 * What a retrieval mode hands to the answerer: ranked chunks, relation paths, scored
 * entities and the entities named by the question. The same answerer reads every mode's context.
 */
export interface RetrievalContext {
  mode: RetrievalMode;
  chunks: ContextChunk[];
  paths: RelationPath[];
  /** Relevance of entities to the question (empty for modes that do not use the graph). */
  entityScores: Map<string, number>;
  /** Entities that the question names. */
  questionEntities: Entity[];
  /** Entities whose names can be recognised in context sentences. */
  knownEntities: Entity[];
  tokens: number;
  /** Which search the mode used for its text side ("bm25 (Kuzu full-text)", …). */
  searchedWith: string;
  /** The mode's full chunk ranking, best first (longer than `chunks`; used for recall@k). */
  rankedChunkIds: string[];
  /**
   * Where cited chunks that are not in `chunks` come from: those of community findings the token
   * budget left out (global mode), those holding relation-path evidence (local mode).
   */
  citedSources?: Map<string, ChunkSource>;
  /** Community reports used (global and hybrid modes). */
  communities: ScoredCommunity[];
  /**
   * Corpus-wide and list questions (global mode): what no community holds. Entities that share no
   * relation and no chunk with a community member, each with a sentence naming it, and the
   * sentences of chunks no community reads that bear on the question, so a document that
   * stands alone still counts.
   */
  outsideCommunities?: { entities: Array<{ entity: Entity; evidence: CommunityFinding | undefined }>; findings: CommunityFinding[] };
  /** Set by global search when the question asks about risks or problems: the lexicon its findings were read with. */
  concernLexicon?: ConcernLexicon;
  /** Queries and rows of the cypher mode. */
  cypher?: CypherResult;
}
