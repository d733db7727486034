import type { HierarchicalCommunity } from './hierarchical-leiden.js';
import type { GraphProjection } from '../graph/store.js';

/**
 * Entities no relation reaches (the only name in their sentences) end up in singleton
 * communities, so corpus-wide questions never see them. Each joins the deepest community
 * holding most of the entities mentioned in the same chunks, and that community's ancestors.
 * Entities that share no chunk with a community member stay out. Returns new member lists.
 */
export function attachIsolatedEntities(communities: HierarchicalCommunity[], projection: GraphProjection): HierarchicalCommunity[] {
  const grouped = communities.filter((community) => community.members.length >= 2);
  const placed = new Set(grouped.flatMap((community) => community.members));
  const chunksOf = new Map<string, string[]>();
  const entitiesOf = new Map<string, string[]>();
  for (const mention of projection.mentions) {
    chunksOf.set(mention.entityId, [...(chunksOf.get(mention.entityId) ?? []), mention.chunkId]);
    entitiesOf.set(mention.chunkId, [...(entitiesOf.get(mention.chunkId) ?? []), mention.entityId]);
  }
  const byId = new Map(grouped.map((community) => [community.id, community]));
  const membersOf = new Map(grouped.map((community) => [community.id, new Set(community.members)]));
  const additions = new Map<string, string[]>();
  for (const entity of projection.entities) {
    if (placed.has(entity.id)) continue;
    const neighbours = new Map<string, number>();
    for (const chunkId of chunksOf.get(entity.id) ?? []) {
      for (const other of entitiesOf.get(chunkId) ?? []) if (other !== entity.id && placed.has(other)) neighbours.set(other, (neighbours.get(other) ?? 0) + 1);
    }
    if (neighbours.size === 0) continue;
    let best: HierarchicalCommunity | null = null;
    let bestShare = 0;
    for (const community of grouped) {
      const members = membersOf.get(community.id) as Set<string>;
      let share = 0;
      for (const [other, count] of neighbours) if (members.has(other)) share += count;
      if (share > bestShare || (share === bestShare && share > 0 && best !== null && community.level > best.level)) {
        best = community;
        bestShare = share;
      }
    }
    for (let community = best; community; community = community.parentId ? (byId.get(community.parentId) ?? null) : null) {
      additions.set(community.id, [...(additions.get(community.id) ?? []), entity.id]);
    }
  }
  return communities.map((community) => (additions.has(community.id) ? { ...community, members: [...community.members, ...(additions.get(community.id) as string[])] } : community));
}
