import type { Relation } from '../../core/records.js';
import type { GraphSchema } from '../../config/graph-schema.js';

/**
 * For edge types declared `singleCurrent`, a target holds one such edge at a time: when a
 * newer edge from another source exists, the older one gets `validTo` = the newer `validFrom`
 * (unless its own sentence already ended it earlier).
 * Superseded facts stay in the graph, marked rather than deleted.
 */
export function closeSupersededRelations(relations: Relation[], schema: GraphSchema): void {
  const singleCurrent = new Set(schema.edgeTypes.filter((edge) => edge.singleCurrent).map((edge) => edge.name));
  const groups = new Map<string, Relation[]>();
  for (const relation of relations) {
    if (!singleCurrent.has(relation.type) || !relation.validFrom) continue;
    const key = `${relation.type}\u0000${relation.targetId}`;
    const group = groups.get(key) ?? [];
    group.push(relation);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    group.sort((left, right) => (left.validFrom as string).localeCompare(right.validFrom as string));
    for (const relation of group) {
      const successor = group.find((other) => other.sourceId !== relation.sourceId && (other.validFrom as string) > (relation.validFrom as string));
      if (successor && (!relation.validTo || relation.validTo > (successor.validFrom as string))) relation.validTo = successor.validFrom as string;
    }
  }
}
