import { citeChunk } from '../answer/cite-chunk.js';
import { normaliseName } from '../core/normalise.js';
import { formatPath } from '../answer/format-path.js';
import type { Citation, Entity, MergeRecord, Relation } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { ChunkWithSource, GraphStore, StoredDocument } from '../graph/store.js';
import { buildEntityGraph, findEntity, otherEnd, type EntityGraph } from './entity-graph.js';
import { findPaths, type PathSearchOptions } from './find-paths.js';

/** An entity as lists show it. */
export type EntitySummary = Pick<Entity, 'id' | 'name' | 'type'>;

/** One relation of an entity, seen from it, with the passage that states it. */
export interface EntityRelation {
  id: string;
  type: string;
  direction: 'out' | 'in';
  other: EntitySummary;
  evidence: string;
  validFrom: string | null;
  validTo: string | null;
  /** The newer fact that closed this one, and why (or why it was forgotten). */
  supersededBy?: string;
  invalidationReason?: string;
  /** When the fact was recorded (transaction time). */
  recordedAt?: string;
  citation: Citation | null;
}

/** An entity with its relations and evidence, the alias merges behind it, and its neighbourhood as nodes and edges. */
export interface EntityDetail {
  entity: Entity;
  relations: EntityRelation[];
  merges: MergeRecord[];
  /** Passages that mention the entity, most mentions first. */
  mentions: Citation[];
  neighbourhood: { nodes: EntitySummary[]; edges: NeighbourhoodEdge[] };
}

/** A relation as a neighbourhood draws it: its ends, type and the dates it holds between. */
export type NeighbourhoodEdge = Pick<Relation, 'id' | 'type' | 'sourceId' | 'targetId' | 'validFrom' | 'validTo'>;

/** A path between two entities: its entities, relations with evidence, and the path written out. */
export interface EntityPath {
  text: string;
  entities: EntitySummary[];
  relations: Array<NeighbourhoodEdge & Pick<Relation, 'evidence'> & { citation: Citation | null }>;
}

/** A document with its chunks, in order. */
export interface DocumentDetail {
  document: StoredDocument;
  chunks: ChunkWithSource[];
}

const summarise = (entity: Entity): EntitySummary => ({ id: entity.id, name: entity.name, type: entity.type });
const edgeOf = (relation: Relation): NeighbourhoodEdge => ({ id: relation.id, type: relation.type, sourceId: relation.sourceId, targetId: relation.targetId, validFrom: relation.validFrom, validTo: relation.validTo });

/** How well an entity's names match a normalised text: 4 equal, 3 a name starts with it, 2 a name holds all its words, 1 its description holds it, 0 none. */
function matchScore(entity: Entity, wanted: string): number {
  const names = [entity.name, ...entity.aliases].map(normaliseName);
  if (names.includes(wanted)) return 4;
  if (names.some((name) => name.startsWith(wanted))) return 3;
  const words = wanted.split(' ');
  if (names.some((name) => words.every((word) => name.split(' ').includes(word)))) return 2;
  return normaliseName(entity.description).includes(wanted) ? 1 : 0;
}

/**
 * Browsing the graph for people and agents (HTTP API, MCP): entity search and lookup with
 * neighbourhood and evidence, paths between two entities, documents and chunks. What it derives
 * from the store is cached until `invalidate` (after every write).
 */
export class GraphExplorer {
  private graph: Promise<EntityGraph> | null = null;
  private merges: Promise<MergeRecord[]> | null = null;

  constructor(private readonly store: GraphStore) {}

  invalidate(): void {
    this.graph = null;
    this.merges = null;
  }

  private entityGraph(): Promise<EntityGraph> {
    this.graph ??= this.store.loadProjection().then(buildEntityGraph);
    this.graph.catch(() => {
      this.graph = null;
    });
    return this.graph;
  }

  /**
   * Entities matching a text, best first: a name or alias equal to it, then starting with it, then
   * holding all its words, then a description holding it (in memory); the store's full-text index
   * when none of these match. The most mentioned entities when the text is empty.
   */
  async searchEntities(query: string, options: { limit?: number; type?: string } = {}): Promise<Array<Entity & { score: number }>> {
    const limit = options.limit ?? 10;
    const graph = await this.entityGraph();
    const candidates = [...graph.entities.values()].filter((entity) => options.type === undefined || entity.type === options.type);
    const byMentions = (left: Entity, right: Entity) => right.mentionCount - left.mentionCount || left.name.localeCompare(right.name);
    const wanted = normaliseName(query);
    if (wanted === '') return candidates.sort(byMentions).slice(0, limit).map((entity) => ({ ...entity, score: 0 }));
    const matched = candidates
      .map((entity) => ({ entity, score: matchScore(entity, wanted) }))
      .filter((match) => match.score > 0)
      .sort((left, right) => right.score - left.score || byMentions(left.entity, right.entity));
    if (matched.length > 0) return matched.slice(0, limit).map((match) => ({ ...match.entity, score: match.score }));
    const hits = await this.store.searchEntities(query, limit * 3);
    return hits
      .map((hit) => ({ entity: graph.entities.get(hit.id), score: hit.score }))
      .filter((hit): hit is { entity: Entity; score: number } => hit.entity !== undefined && (options.type === undefined || hit.entity.type === options.type))
      .slice(0, limit)
      .map((hit) => ({ ...hit.entity, score: hit.score }));
  }

  /** The entity an id or name names, or INPUT_NOT_FOUND. */
  async resolveEntity(idOrName: string): Promise<Entity> {
    const entity = findEntity(await this.entityGraph(), idOrName);
    if (!entity) throw new RhizomeError('INPUT_NOT_FOUND', `no entity is named or has the id "${idOrName}": search with a part of its name`, { details: { entity: idOrName } });
    return entity;
  }

  /** One entity with its relations (and their evidence), merges, mentions and its neighbourhood `depth` relations deep (1–2). */
  async entity(idOrName: string, options: { depth?: number; limit?: number } = {}): Promise<EntityDetail> {
    const graph = await this.entityGraph();
    const entity = await this.resolveEntity(idOrName);
    const limit = options.limit ?? 50;
    const own = (graph.relationsOf.get(entity.id) ?? []).slice().sort((left, right) => Number(left.type === 'RELATED_TO') - Number(right.type === 'RELATED_TO') || right.weight - left.weight).slice(0, limit);
    const mentions = (graph.mentionsOf.get(entity.id) ?? []).slice().sort((left, right) => right.count - left.count).slice(0, 20);
    const chunks = await this.chunksById([...own.map((relation) => relation.chunkId), ...mentions.map((mention) => mention.chunkId)]);
    this.merges ??= this.store.listMerges();
    const merges = (await this.merges).filter((merge) => merge.entityId === entity.id);
    return {
      entity,
      relations: own.map((relation) => ({
        id: relation.id,
        type: relation.type,
        direction: relation.sourceId === entity.id ? 'out' : 'in',
        other: summarise(graph.entities.get(otherEnd(relation, entity.id)) ?? entity),
        evidence: relation.evidence,
        validFrom: relation.validFrom,
        validTo: relation.validTo,
        ...(relation.supersededBy ? { supersededBy: relation.supersededBy } : {}),
        ...(relation.invalidationReason ? { invalidationReason: relation.invalidationReason } : {}),
        ...(relation.recordedAt ? { recordedAt: relation.recordedAt } : {}),
        citation: this.cite(chunks, relation),
      })),
      merges,
      mentions: mentions.map((mention) => chunks.get(mention.chunkId)).filter((chunk): chunk is ChunkWithSource => chunk !== undefined).map((chunk) => citeChunk(chunk, { start: chunk.start, end: chunk.end })),
      neighbourhood: this.neighbourhood(graph, entity.id, Math.min(2, Math.max(1, options.depth ?? 1)), limit),
    };
  }

  /** The shortest relation paths between two entities (ids or names). */
  async paths(from: string, to: string, options: PathSearchOptions = {}): Promise<EntityPath[]> {
    const graph = await this.entityGraph();
    const [source, target] = [await this.resolveEntity(from), await this.resolveEntity(to)];
    const paths = findPaths(graph, source.id, target.id, options);
    const chunks = await this.chunksById(paths.flatMap((path) => path.relations.map((relation) => relation.chunkId)));
    return paths.map((path) => ({
      text: formatPath(path),
      entities: path.entities.map(summarise),
      relations: path.relations.map((relation) => ({ ...edgeOf(relation), evidence: relation.evidence, citation: this.cite(chunks, relation) })),
    }));
  }

  /** Every indexed document, without its text. */
  documents(): Promise<StoredDocument[]> {
    return this.store.listDocuments();
  }

  /** One document (by id or indexed path) with its chunks in order. */
  async document(idOrPath: string): Promise<DocumentDetail> {
    const document = (await this.store.listDocuments()).find((candidate) => candidate.id === idOrPath || candidate.path === idOrPath);
    if (!document) throw new RhizomeError('INPUT_NOT_FOUND', `no indexed document has the id or path "${idOrPath}"`, { details: { document: idOrPath } });
    const ids = (await this.store.listChunkDocuments()).filter((chunk) => chunk.documentId === document.id).map((chunk) => chunk.id);
    const chunks = (await this.store.getChunks(ids)).sort((left, right) => left.index - right.index);
    return { document, chunks };
  }

  /** One chunk with its text and source, or INPUT_NOT_FOUND. */
  async chunk(id: string): Promise<ChunkWithSource> {
    const [chunk] = await this.store.getChunks([id]);
    if (!chunk) throw new RhizomeError('INPUT_NOT_FOUND', `no chunk has the id "${id}"`, { details: { chunk: id } });
    return chunk;
  }

  private async chunksById(ids: string[]): Promise<Map<string, ChunkWithSource>> {
    const unique = [...new Set(ids)];
    return new Map((unique.length > 0 ? await this.store.getChunks(unique) : []).map((chunk) => [chunk.id, chunk]));
  }

  private cite(chunks: Map<string, ChunkWithSource>, relation: Relation): Citation | null {
    const chunk = chunks.get(relation.chunkId);
    return chunk ? citeChunk(chunk, { start: relation.start, end: relation.end }) : null;
  }

  private neighbourhood(graph: EntityGraph, entityId: string, depth: number, limit: number): EntityDetail['neighbourhood'] {
    const seen = new Set([entityId]);
    const edges = new Map<string, NeighbourhoodEdge>();
    let frontier = [entityId];
    for (let level = 0; level < depth && seen.size < limit; level += 1) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const relation of graph.relationsOf.get(id) ?? []) {
          const other = otherEnd(relation, id);
          if (!seen.has(other)) {
            if (seen.size >= limit) continue;
            seen.add(other);
            next.push(other);
          }
          edges.set(relation.id, edgeOf(relation));
        }
      }
      frontier = next;
    }
    const nodes = [...seen].map((id) => graph.entities.get(id)).filter((entity): entity is Entity => entity !== undefined).map(summarise);
    return { nodes, edges: [...edges.values()].filter((edge) => seen.has(edge.sourceId) && seen.has(edge.targetId)) };
  }
}
