import type { CommunityFinding, CommunityReport, Entity, Relation } from '../core/records.js';

/** Version of the offline report writer; part of every report's input hash. */
export const EXTRACTIVE_REPORT_VERSION = 'extractive-report-1';

const KEY_ENTITIES = 5;
const KEY_RELATIONS = 5;
const FINDINGS = 6;

/**
 * The offline community report: a title from the most central entities, those entities, the
 * strongest relations (typed first), and representative sentences — the evidence sentences
 * that name the most members — each with its citation.
 */
export function writeExtractiveReport(members: Entity[], relations: Relation[]): CommunityReport {
  const degree = new Map<string, number>();
  for (const relation of relations) {
    degree.set(relation.sourceId, (degree.get(relation.sourceId) ?? 0) + relation.weight);
    degree.set(relation.targetId, (degree.get(relation.targetId) ?? 0) + relation.weight);
  }
  const central = [...members].sort((left, right) => (degree.get(right.id) ?? 0) - (degree.get(left.id) ?? 0) || right.mentionCount - left.mentionCount || left.name.localeCompare(right.name));
  const keyEntities = central.slice(0, KEY_ENTITIES).map((entity) => ({ id: entity.id, name: entity.name, type: entity.type }));
  const nameOf = new Map(members.map((entity) => [entity.id, entity.name]));
  const strongest = [...relations].sort((left, right) => rankRelation(right) - rankRelation(left) || left.id.localeCompare(right.id));
  const keyRelations: CommunityReport['keyRelations'] = [];
  const seenPairs = new Set<string>();
  for (const relation of strongest) {
    const pair = `${relation.type}:${relation.sourceId}:${relation.targetId}`;
    if (seenPairs.has(pair)) continue;
    seenPairs.add(pair);
    keyRelations.push({ id: relation.id, type: relation.type, source: nameOf.get(relation.sourceId) ?? '', target: nameOf.get(relation.targetId) ?? '' });
    if (keyRelations.length >= KEY_RELATIONS) break;
  }
  const findings = representativeSentences(relations, members);
  const title = keyEntities.slice(0, 3).map((entity) => entity.name).join(', ');
  const summary = `${members.length} entities around ${title}${keyRelations.length > 0 ? `; strongest links: ${keyRelations.slice(0, 3).map(describeRelation).join('; ')}` : ''}.`;
  return { title, summary, keyEntities, keyRelations, findings, generatedBy: 'extractive' };
}

function rankRelation(relation: Relation): number {
  return (relation.type === 'RELATED_TO' ? 0 : 10) + relation.weight;
}

function describeRelation(relation: CommunityReport['keyRelations'][number]): string {
  return relation.type === 'RELATED_TO' ? `${relation.source} – ${relation.target}` : `${relation.source} ${relation.type} ${relation.target}`;
}

/** Evidence sentences ordered by how many members they name, one per sentence span. */
function representativeSentences(relations: Relation[], members: Entity[]): CommunityFinding[] {
  const bySentence = new Map<string, { relation: Relation; entities: Set<string> }>();
  for (const relation of relations) {
    const key = `${relation.chunkId}:${relation.start}`;
    const entry = bySentence.get(key) ?? { relation, entities: new Set<string>() };
    entry.entities.add(relation.sourceId);
    entry.entities.add(relation.targetId);
    bySentence.set(key, entry);
  }
  const ranked = [...bySentence.values()].sort((left, right) => right.entities.size - left.entities.size || left.relation.id.localeCompare(right.relation.id));
  return ranked.slice(0, Math.min(FINDINGS, Math.max(1, members.length))).map(({ relation }) => ({
    text: relation.evidence,
    chunkId: relation.chunkId,
    documentId: relation.documentId,
    span: { start: relation.start, end: relation.end },
  }));
}
