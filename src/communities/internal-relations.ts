import { appendTo } from '../core/group-by.js';
import type { Relation } from '../core/records.js';

/**
 * For a member list, the relations with both ends among the members, in input order — found through
 * each member's outgoing relations, so a community costs the degree of its members, not every relation.
 */
export function indexInternalRelations(relations: Relation[]): (members: string[]) => Relation[] {
  const outgoing = new Map<string, number[]>();
  relations.forEach((relation, index) => appendTo(outgoing, relation.sourceId, index));
  return (members) => {
    const memberSet = new Set(members);
    const found: number[] = [];
    for (const sourceId of memberSet) {
      for (const index of outgoing.get(sourceId) ?? []) if (memberSet.has((relations[index] as Relation).targetId)) found.push(index);
    }
    return found.sort((left, right) => left - right).map((index) => relations[index] as Relation);
  };
}
