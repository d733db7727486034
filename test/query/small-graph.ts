import { FALLBACK_NODE_TYPE } from '../../src/config/graph-schema.js';
import type { Entity, Mention, Relation } from '../../src/core/records.js';
import type { GraphProjection } from '../../src/graph/store.js';
import { buildGraphIndex, type GraphIndex } from '../../src/query/graph-index.js';

/** An entity of a hand-written test graph; its id is its name. */
export interface SmallEntity {
  name: string;
  type?: string;
  aliases?: string[];
  description?: string;
  /** Chunks (by name, e.g. "c1") that mention it; left out, one chunk of its own. */
  chunks?: string[];
}

/** A relation of a hand-written test graph, between entity names, with the sentence that states it. */
export interface SmallRelation {
  source: string;
  target: string;
  evidence: string;
  type?: string;
  weight?: number;
  validFrom?: string | null;
  validTo?: string | null;
  /** Chunk holding the evidence; left out, the source's first chunk. */
  chunk?: string;
}

/** A test graph: the projection as the store would return it, its retrieval index, and lookups by name. */
export interface SmallGraph {
  projection: GraphProjection;
  index: GraphIndex;
  /** Entity index of a name; throws for an unknown name, so a typo fails the test. */
  at(name: string): number;
  /** Name of an entity index. */
  nameOf(entityIndex: number): string;
}

/**
 * Builds the projection (entities, relations, mentions) the store would load and the GraphIndex
 * local search derives from it, from a few lines of names and sentences. Every relation gets its own
 * evidence span, so no two relations share a sentence unless the test says so.
 */
export function smallGraph(entities: readonly SmallEntity[], relations: readonly SmallRelation[] = []): SmallGraph {
  const records: Entity[] = entities.map((entity) => ({
    id: entity.name,
    type: entity.type ?? FALLBACK_NODE_TYPE,
    name: entity.name,
    aliases: entity.aliases ?? [],
    description: entity.description ?? '',
    mentionCount: (entity.chunks ?? [null]).length,
  }));
  const chunksOf = (entity: SmallEntity): string[] => entity.chunks ?? [`chunk:${entity.name}`];
  const mentions: Mention[] = entities.flatMap((entity) => chunksOf(entity).map((chunkId) => ({ chunkId, entityId: entity.name, count: 1 })));
  const known = new Map(entities.map((entity) => [entity.name, entity]));
  const relationRecords: Relation[] = relations.map((relation, position) => {
    const source = known.get(relation.source);
    if (!source || !known.has(relation.target)) throw new Error(`smallGraph: relation ${position} names an unknown entity (${relation.source} → ${relation.target})`);
    const chunkId = relation.chunk ?? (chunksOf(source)[0] as string);
    return {
      id: `r${position}`,
      type: relation.type ?? 'RELATED_TO',
      sourceId: relation.source,
      targetId: relation.target,
      evidence: relation.evidence,
      chunkId,
      documentId: `doc:${chunkId}`,
      start: position * 1000,
      end: position * 1000 + relation.evidence.length,
      weight: relation.weight ?? 1,
      validFrom: relation.validFrom ?? null,
      validTo: relation.validTo ?? null,
    };
  });
  const projection: GraphProjection = { entities: records, relations: relationRecords, mentions };
  const index = buildGraphIndex(projection);
  return {
    projection,
    index,
    at(name) {
      const entityIndex = index.entityIndexById.get(name);
      if (entityIndex === undefined) throw new Error(`smallGraph: no entity named ${name}`);
      return entityIndex;
    },
    nameOf(entityIndex) {
      return index.entities.at(entityIndex)?.name ?? `#${entityIndex}`;
    },
  };
}
