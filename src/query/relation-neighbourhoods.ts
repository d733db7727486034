import type { EntityList, Positions } from './index-lookups.js';
import type { Entity, Relation } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { RelationRecords } from './relation-records-file.js';

/**
 * The relations of the entities a search has asked about, read from where the relations live
 * (the store, by neighbourhood; or a list in memory), each entity's once. Relations get indexes
 * in the order they are first read; an entity's relations are listed in `listRelations` order,
 * a relation between an entity and itself twice, and those with an end outside the entity index
 * not at all.
 */
export class RelationNeighbourhoods {
  private readonly relations: Relation[] = [];
  private readonly sources: number[] = [];
  private readonly targets: number[] = [];
  private readonly indexById = new Map<string, number>();
  private readonly ofEntity = new Map<number, number[]>();
  /** Reads run one after another, so that two searches never read (and number) the same relation twice. */
  private reading: Promise<void> = Promise.resolve();

  /** `read` gives the relations with an end among the entities, in `listRelations` order. */
  constructor(
    private readonly entities: EntityList,
    private readonly entityIndexById: Positions,
    private readonly read: (entities: Entity[]) => Promise<Relation[]>,
  ) {}

  /** Reads the relations of the entities not read yet. */
  load(entityIndexes: Iterable<number>): Promise<void> {
    const next = this.reading.then(() => this.loadMissing([...new Set(entityIndexes)].filter((entityIndex) => !this.ofEntity.has(entityIndex))));
    this.reading = next.catch(() => undefined);
    return next;
  }

  private async loadMissing(missing: number[]): Promise<void> {
    if (missing.length === 0) return;
    const asked = new Set(missing);
    const lists = new Map(missing.map((entityIndex) => [entityIndex, [] as number[]]));
    for (const relation of await this.read(missing.map((entityIndex) => this.entities.at(entityIndex) as Entity))) {
      const source = this.entityIndexById.get(relation.sourceId);
      const target = this.entityIndexById.get(relation.targetId);
      if (source === undefined || target === undefined || (!asked.has(source) && !asked.has(target))) continue;
      const relationIndex = this.indexOf(relation, source, target);
      if (asked.has(source)) lists.get(source)?.push(relationIndex);
      if (asked.has(target)) lists.get(target)?.push(relationIndex);
    }
    for (const [entityIndex, list] of lists) this.ofEntity.set(entityIndex, list);
  }

  private indexOf(relation: Relation, source: number, target: number): number {
    let relationIndex = this.indexById.get(relation.id);
    if (relationIndex === undefined) {
      relationIndex = this.relations.length;
      this.relations.push(relation);
      this.sources.push(source);
      this.targets.push(target);
      this.indexById.set(relation.id, relationIndex);
    }
    return relationIndex;
  }

  /** The relations of an entity read before (`load`). */
  of(entityIndex: number): readonly number[] {
    const list = this.ofEntity.get(entityIndex);
    if (!list) throw new RhizomeError('INTERNAL', `the relations of entity ${this.entities.at(entityIndex)?.id ?? entityIndex} were not read before use`);
    return list;
  }

  relation(relationIndex: number): Relation {
    return this.relations[relationIndex] as Relation;
  }

  source(relationIndex: number): number {
    return this.sources[relationIndex] as number;
  }

  target(relationIndex: number): number {
    return this.targets[relationIndex] as number;
  }
}

/** Reads relations by end from a list in memory (in its order), as a store does by neighbourhood. */
export function readFromList(relations: readonly Relation[]): (entities: Entity[]) => Promise<Relation[]> {
  const byEntity = new Map<string, number[]>();
  relations.forEach((relation, position) => {
    for (const end of new Set([relation.sourceId, relation.targetId])) {
      const list = byEntity.get(end) ?? [];
      list.push(position);
      byEntity.set(end, list);
    }
  });
  return async (entities) => {
    const positions = [...new Set(entities.flatMap((entity) => byEntity.get(entity.id) ?? []))].sort((left, right) => left - right);
    return positions.map((position) => relations[position] as Relation);
  };
}

/**
 * Reads relations by neighbourhood from the records kept beside the store (see RelationRecords);
 * `fallback` (the store) answers once the file is gone, the layer having changed since it was opened.
 */
export function readFromRecords(records: RelationRecords, entityIndexById: Positions, fallback: (entities: Entity[]) => Promise<Relation[]>): (entities: Entity[]) => Promise<Relation[]> {
  return async (entities) => {
    const indexes = entities.flatMap((entity) => {
      const entityIndex = entityIndexById.get(entity.id);
      return entityIndex === undefined ? [] : [entityIndex];
    });
    return records.read(indexes) ?? fallback(entities);
  };
}
