import { COOCCURRENCE_EDGE_TYPE, nodeTypeNames, type GraphSchema } from '../config/graph-schema.js';
import { contentHash } from '../core/ids.js';
import { normaliseName } from '../core/normalise.js';
import type { Community, Entity, Mention, Relation } from '../core/records.js';
import type { DoctorFinding } from './doctor-report.js';

/** What the graph checks read: the entity layer, the corpus ids and the communities. */
export interface GraphSnapshot {
  schema: GraphSchema;
  entities: Entity[];
  relations: Relation[];
  mentions: Mention[];
  chunks: Array<{ id: string; documentId: string; extractionKey: string }>;
  documentIds: string[];
  communities: Community[];
  /** Keys under which an extraction is current (the configured extractor's, and imported ones'). */
  currentExtractionKeys: string[];
  /** The report versions a current report may have been written under (extractive, and the configured model's). */
  reportVersions: string[];
  maxClusterSize: number;
}

const SAMPLE = 5;
const sample = (items: string[]) => items.slice(0, SAMPLE);

/** Every check over the stored graph: integrity, schema fit, orphans, duplicates, hubs, communities, reports, extractions. */
export function checkGraph(snapshot: GraphSnapshot): DoctorFinding[] {
  return [
    ...checkIntegrity(snapshot),
    ...checkSchemaFit(snapshot),
    ...checkOrphans(snapshot),
    ...checkDuplicateNames(snapshot.entities),
    ...checkDegreeOutliers(snapshot),
    ...checkCommunities(snapshot),
    ...checkExtractionKeys(snapshot),
  ];
}

/** Records that point at something missing (a damaged or hand-edited store). */
function checkIntegrity({ entities, relations, mentions, chunks, documentIds, communities }: GraphSnapshot): DoctorFinding[] {
  const entityIds = new Set(entities.map((entity) => entity.id));
  const chunkIds = new Set(chunks.map((chunk) => chunk.id));
  const documents = new Set(documentIds);
  const communityIds = new Set(communities.map((community) => community.id));
  const broken = [
    ...relations.filter((relation) => !entityIds.has(relation.sourceId) || !entityIds.has(relation.targetId) || !chunkIds.has(relation.chunkId)).map((relation) => `relation ${relation.id}`),
    ...mentions.filter((mention) => !entityIds.has(mention.entityId) || !chunkIds.has(mention.chunkId)).map((mention) => `mention ${mention.chunkId} → ${mention.entityId}`),
    ...chunks.filter((chunk) => !documents.has(chunk.documentId)).map((chunk) => `chunk ${chunk.id}`),
    ...communities.filter((community) => community.memberIds.some((id) => !entityIds.has(id)) || (community.parentId !== null && !communityIds.has(community.parentId))).map((community) => `community ${community.id}`),
  ];
  const withoutChunks = documentIds.filter((id) => !chunks.some((chunk) => chunk.documentId === id));
  return [
    ...(broken.length > 0 ? [{ check: 'integrity', severity: 'action' as const, message: `${broken.length} record(s) point at a missing entity, chunk, document or community: run \`rhizome index\` to rebuild the entity layer`, items: sample(broken) }] : []),
    ...(withoutChunks.length > 0 ? [{ check: 'integrity', severity: 'action' as const, message: `${withoutChunks.length} document(s) have no chunk: re-index them (\`rhizome index <path>\`) or remove them`, items: sample(withoutChunks) }] : []),
  ];
}

/** Entity types and edge types the configured schema does not declare, and typed edges whose ends do not fit it. */
function checkSchemaFit({ schema, entities, relations }: GraphSnapshot): DoctorFinding[] {
  const nodeTypes = new Set(nodeTypeNames(schema));
  const edges = new Map(schema.edgeTypes.map((edge) => [edge.name, edge]));
  const typeOf = new Map(entities.map((entity) => [entity.id, entity.type]));
  const offLabels = [...new Set(entities.filter((entity) => !nodeTypes.has(entity.type)).map((entity) => entity.type))];
  const offEdges = [...new Set(relations.filter((relation) => relation.type !== COOCCURRENCE_EDGE_TYPE && !edges.has(relation.type)).map((relation) => relation.type))];
  const misfits = relations.filter((relation) => {
    const edge = edges.get(relation.type);
    return edge !== undefined && (!edge.source.includes(typeOf.get(relation.sourceId) ?? '') || !edge.target.includes(typeOf.get(relation.targetId) ?? ''));
  });
  return [
    ...(offLabels.length > 0 ? [{ check: 'off-schema-labels', severity: 'action' as const, message: `entity types not in the configured schema: ${offLabels.join(', ')} — declare them, or run \`rhizome index\` to re-extract under the schema`, items: sample(offLabels) }] : []),
    ...(offEdges.length > 0 ? [{ check: 'off-schema-labels', severity: 'action' as const, message: `edge types not in the configured schema: ${offEdges.join(', ')} — declare them, or run \`rhizome index\``, items: sample(offEdges) }] : []),
    ...(misfits.length > 0 ? [{ check: 'off-schema-labels', severity: 'warning' as const, message: `${misfits.length} typed relation(s) join entity types their edge type does not allow (an entity retyped since?)`, items: sample(misfits.map((relation) => relation.id)) }] : []),
  ];
}

/** Entities no chunk mentions (no evidence: should not exist) and entities with no relation at all. */
function checkOrphans({ entities, relations, mentions }: GraphSnapshot): DoctorFinding[] {
  const mentioned = new Set(mentions.map((mention) => mention.entityId));
  const linked = new Set(relations.flatMap((relation) => [relation.sourceId, relation.targetId]));
  const unmentioned = entities.filter((entity) => !mentioned.has(entity.id));
  const isolated = entities.filter((entity) => mentioned.has(entity.id) && !linked.has(entity.id));
  return [
    ...(unmentioned.length > 0 ? [{ check: 'orphan-nodes', severity: 'action' as const, message: `${unmentioned.length} entit(ies) with no mention in any chunk (no evidence): run \`rhizome index\` to rebuild the entity layer`, items: sample(unmentioned.map((entity) => `${entity.name} (${entity.type})`)) }] : []),
    ...(isolated.length > 0 ? [{ check: 'orphan-nodes', severity: 'info' as const, message: `${isolated.length} of ${entities.length} entities have no relation (reachable only by name or text search)`, items: sample(isolated.map((entity) => `${entity.name} (${entity.type})`)) }] : []),
  ];
}

/** Same-type names one edit apart, or equal once spaces and punctuation go: alias merges resolution did not make. */
export function findDuplicateNameCandidates(entities: Entity[]): Array<[Entity, Entity]> {
  const pairs = new Map<string, [Entity, Entity]>();
  const byVariant = new Map<string, Entity[]>();
  for (const entity of entities) {
    const key = normaliseName(entity.name);
    const squashed = key.replace(/[^\p{L}\p{N}]/gu, '');
    const variants = new Set([`=${squashed}`]);
    if (squashed.length >= 6) for (let index = 0; index < squashed.length; index += 1) variants.add(`-${squashed.slice(0, index)}${squashed.slice(index + 1)}`);
    variants.add(`-${squashed}`);
    for (const variant of variants) {
      const bucket = `${entity.type}\u0000${variant}`;
      for (const other of byVariant.get(bucket) ?? []) {
        if (other.id === entity.id) continue;
        const [left, right] = other.id < entity.id ? [other, entity] : [entity, other];
        pairs.set(`${left.id}\u0000${right.id}`, [left, right]);
      }
      byVariant.set(bucket, [...(byVariant.get(bucket) ?? []), entity]);
    }
  }
  return [...pairs.values()];
}

function checkDuplicateNames(entities: Entity[]): DoctorFinding[] {
  const pairs = findDuplicateNameCandidates(entities);
  return pairs.length === 0 ? [] : [{ check: 'duplicate-names', severity: 'warning', message: `${pairs.length} pair(s) of same-type entities with nearly the same name were not merged: check them (a typo, or two things)`, items: sample(pairs.map(([left, right]) => `"${left.name}" / "${right.name}" (${left.type})`)) }];
}

/** Entities with far more relations than the rest: often a generic name or a wrong merge. */
function checkDegreeOutliers({ entities, relations }: GraphSnapshot): DoctorFinding[] {
  const degree = new Map<string, number>();
  for (const relation of relations) for (const id of [relation.sourceId, relation.targetId]) degree.set(id, (degree.get(id) ?? 0) + 1);
  const values = entities.map((entity) => degree.get(entity.id) ?? 0);
  if (values.length < 10) return [];
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const deviation = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
  const threshold = Math.max(10, mean + 4 * deviation);
  const hubs = entities.filter((entity) => (degree.get(entity.id) ?? 0) > threshold).sort((left, right) => (degree.get(right.id) ?? 0) - (degree.get(left.id) ?? 0));
  return hubs.length === 0 ? [] : [{ check: 'degree-outliers', severity: 'warning', message: `${hubs.length} entit(ies) with more than ${Math.round(threshold)} relations (mean ${mean.toFixed(1)}): check for a generic name or a wrong merge`, items: sample(hubs.map((entity) => `${entity.name} (${entity.type}): ${degree.get(entity.id)} relations`)) }];
}

/**
 * Empty communities, leaf communities over the size limit, and reports whose inputs changed. The
 * input hash is recomputed as buildCommunities does: the report version, the sorted member ids
 * and the sorted ids of the relations inside the community.
 */
function checkCommunities({ communities, relations, maxClusterSize, reportVersions }: GraphSnapshot): DoctorFinding[] {
  const parents = new Set(communities.map((community) => community.parentId).filter((id): id is string => id !== null));
  const empty = communities.filter((community) => community.memberIds.length === 0);
  const oversized = communities.filter((community) => !parents.has(community.id) && community.memberIds.length > maxClusterSize);
  const stale = communities.filter((community) => {
    if (community.memberIds.length === 0) return false;
    const members = new Set(community.memberIds);
    const internal = relations.filter((relation) => members.has(relation.sourceId) && members.has(relation.targetId)).map((relation) => relation.id).sort();
    const inputs = [[...community.memberIds].sort(), internal];
    const current = reportVersions.some((version) => contentHash(JSON.stringify([version, ...inputs])) === community.inputHash);
    const strangers = community.report.keyEntities.some((entity) => !members.has(entity.id));
    return !current || strangers;
  });
  return [
    ...(empty.length > 0 ? [{ check: 'communities', severity: 'action' as const, message: `${empty.length} empty communit(ies): run \`rhizome index\` to rebuild the communities`, items: sample(empty.map((community) => community.id)) }] : []),
    ...(oversized.length > 0 ? [{ check: 'communities', severity: 'warning' as const, message: `${oversized.length} leaf communit(ies) larger than communities.maxClusterSize (${maxClusterSize})`, items: sample(oversized.map((community) => `${community.id}: ${community.memberIds.length} members`)) }] : []),
    ...(stale.length > 0 ? [{ check: 'stale-reports', severity: 'action' as const, message: `${stale.length} community report(s) were written for other members or relations: run \`rhizome index\` to regenerate them`, items: sample(stale.map((community) => `${community.id} (${community.report.title})`)) }] : []),
  ];
}

/** Chunks whose stored extraction was made under another extractor, schema or options. */
function checkExtractionKeys({ chunks, currentExtractionKeys }: GraphSnapshot): DoctorFinding[] {
  const current = new Set(currentExtractionKeys);
  const outdated = chunks.filter((chunk) => !current.has(chunk.extractionKey));
  return outdated.length === 0 ? [] : [{ check: 'schema-drift', severity: 'action', message: `${outdated.length} of ${chunks.length} chunks were extracted under another extractor, schema or options: run \`rhizome index\` to re-extract them`, items: sample(outdated.map((chunk) => chunk.id)) }];
}
