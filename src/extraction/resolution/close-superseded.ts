import type { Relation } from '../../core/records.js';
import type { EdgeTypeDefinition as EdgeType, GraphSchema } from '../../config/graph-schema.js';

/**
 * For edge types declared `singleCurrent`, one end (the target unless `currentPer: 'source'`) holds
 * one such edge at a time: when a newer edge with evidence links it to another entity, the older
 * one gets `validTo` = the newer `validFrom` (unless its own sentence already ended it earlier),
 * and records which fact closed it (`supersededBy`), when that was learned (`invalidatedAt`, the
 * later of the two facts' recording times) and why (`invalidationReason`, the newer evidence).
 * Superseded facts stay in the graph, marked rather than deleted.
 */
export function closeSupersededRelations(relations: Relation[], schema: GraphSchema): void {
  const singleCurrent = new Map(schema.edgeTypes.filter((edge) => edge.singleCurrent).map((edge) => [edge.name, edge]));
  const groups = new Map<string, Relation[]>();
  for (const relation of relations) {
    const edge = singleCurrent.get(relation.type);
    if (!edge || !relation.validFrom) continue;
    const key = `${relation.type}\u0000${heldEnd(relation, edge)}`;
    const group = groups.get(key) ?? [];
    group.push(relation);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    group.sort((left, right) => (left.validFrom as string).localeCompare(right.validFrom as string) || left.id.localeCompare(right.id));
    const edge = singleCurrent.get((group[0] as Relation).type) as EdgeType;
    for (const relation of group) {
      const successor = group.find((other) => otherEnd(other, edge) !== otherEnd(relation, edge) && (other.validFrom as string) > (relation.validFrom as string) && hasEvidence(other));
      if (!successor || (relation.validTo && relation.validTo <= (successor.validFrom as string))) continue;
      relation.validTo = successor.validFrom as string;
      relation.supersededBy = successor.id;
      const learned = [relation.recordedAt, successor.recordedAt].filter((time): time is string => Boolean(time)).sort().pop();
      if (learned) relation.invalidatedAt = learned;
      relation.invalidationReason = describeSupersession(edge, successor);
    }
  }
}

/** Why a fact was closed, in words a person can check against the cited evidence. */
function describeSupersession(edge: EdgeType, successor: Relation): string {
  const end = edge.currentPer === 'source' ? 'source' : 'target';
  return `${edge.name} is single-current (one per ${end}): superseded by ${successor.id}, valid from ${successor.validFrom as string}, stated in "${successor.evidence.trim()}"`;
}

/** A newer fact closes an older one only when it states itself: an evidence sentence in a chunk. */
function hasEvidence(relation: Relation): boolean {
  return relation.evidence.trim() !== '' && relation.chunkId !== '';
}

function heldEnd(relation: Relation, edge: EdgeType): string {
  return edge.currentPer === 'source' ? relation.sourceId : relation.targetId;
}

function otherEnd(relation: Relation, edge: EdgeType): string {
  return edge.currentPer === 'source' ? relation.targetId : relation.sourceId;
}
