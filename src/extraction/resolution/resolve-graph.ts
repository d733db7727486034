import { joinDescriptions } from '../../core/description-phrases.js';
import { idOrderFor, stableId } from '../../core/ids.js';
import type { ChunkExtraction, Entity, ExtractedRelation, MergeRecord, Mention, Relation } from '../../core/records.js';
import { normaliseName } from '../../core/normalise.js';
import { COOCCURRENCE_EDGE_TYPE, FALLBACK_NODE_TYPE, nodeTypeNames, type GraphSchema } from '../../config/graph-schema.js';
import { collectNameStatistics, winningType, type NameStatistics } from './name-statistics.js';
import { mergeAliases, NO_MERGE_CONSTRAINTS, type AliasMergeOptions, type MergeConstraints } from './merge-aliases.js';
import { applyRestatedBounds } from './apply-restated-bounds.js';
import { closeSupersededRelations } from './close-superseded.js';
import { isKnownPlace, namesCountry } from '../../text/known-places.js';
import { typeByTrade } from './type-by-trade.js';
import { organisationType } from '../nlp/type-mention.js';
import { firstInOrder } from '../../core/top-items.js';

/** The resolved graph: one node per real-world entity, edges with evidence, chunk mentions. */
export interface ResolvedGraph {
  entities: Entity[];
  relations: Relation[];
  mentions: Mention[];
  merges: MergeRecord[];
}

/** One chunk's extraction with the document it belongs to. */
export interface LocatedExtraction {
  extraction: ChunkExtraction;
  documentId: string;
}

/** When a document's stored version was recorded, and which version it is (its content hash): copied onto its facts. */
export interface DocumentRecording {
  recordedAt?: string;
  version: string;
  /** The document's own date, when it has one (a later-dated restatement of a fact reschedules bounds still ahead). */
  date?: string | null;
}

/**
 * Resolves the extractions of a whole corpus into one graph: names are normalised and merged
 * (acronyms, initials, surnames, short forms, near-duplicates), each entity gets the type most
 * cues vote for (or, when none did, the schema's place type if it names a known place, or its
 * organisation type for a one-word name described by a trade), relations are re-checked against the schema with the final types (those that
 * no longer fit become RELATED_TO), facts get their document's recording, bounds still ahead that a later document restates are rescheduled, and superseded facts get a `validTo` and what closed them.
 * `constraints` are the merges and splits a reviewer decided (see src/review).
 */
export function resolveGraph(located: LocatedExtraction[], schema: GraphSchema, options: Omit<AliasMergeOptions, 'personTypes'>, recordings: ReadonlyMap<string, DocumentRecording> = new Map(), constraints: MergeConstraints = NO_MERGE_CONSTRAINTS): ResolvedGraph {
  const extractions = located.map((item) => item.extraction);
  const names = collectNameStatistics(extractions);
  const typeOrder = nodeTypeNames(schema);
  addRelationImpliedVotes(extractions, names, schema);
  const provisionalTypes = new Map([...names].map(([key, statistics]) => [key, winningType(statistics.typeVotes, typeOrder)]));
  const personTypes = new Set(schema.nodeTypes.filter((type) => type.cues.shapes.includes('person-name')).map((type) => type.name));
  const { sets, merges } = mergeAliases(names, provisionalTypes, { ...options, personTypes }, constraints);

  const entityByKey = new Map<string, Entity>();
  const entities: Entity[] = [];
  const placeType = schema.nodeTypes.find((type) => type.cues.shapes.includes('place-name'))?.name ?? null;
  for (const members of sets.groups().values()) {
    const entity = buildEntity(members.map((key) => names.get(key) as NameStatistics), typeOrder);
    // No cue typed it, and it is the name of a known town, city or country: a place.
    if (placeType && entity.type === FALLBACK_NODE_TYPE && isKnownPlace([entity.name, ...entity.aliases])) entity.type = placeType;
    // A country's name of two words or more is a place, whatever its shape voted ("United States" is no business).
    if (placeType && entity.type !== placeType && namesCountry([entity.name, ...entity.aliases])) entity.type = placeType;
    entities.push(entity);
    for (const key of members) entityByKey.set(key, entity);
  }
  typeByTrade(entities, personTypes, organisationType(schema));
  const compareEntityIds = idOrderFor(entities.map((entity) => entity.id));
  entities.sort((left, right) => compareEntityIds(left.id, right.id));

  const documentOfChunk = new Map(located.map((item) => [item.extraction.chunkId, item.documentId]));
  const relations = resolveRelations(extractions, entityByKey, schema, documentOfChunk, recordings);
  applyRestatedBounds(relations, new Map([...recordings].map(([id, recording]) => [id, recording.date ?? null])));
  closeSupersededRelations(relations, schema);
  const mentions = resolveMentions(extractions, entityByKey);
  const mergeRecords: MergeRecord[] = merges.map((merge) => {
    const entity = entityByKey.get(merge.kept) as Entity;
    return { entityId: entity.id, kept: merge.kept, merged: merge.merged, reason: merge.reason };
  });
  return { entities, relations, mentions, merges: mergeRecords };
}

/**
 * A resolved relation; bi-temporal, it keeps when its document version was recorded and which
 * version that is. Written as one literal per shape, never with fields added afterwards: a field
 * added to a made object goes to a separate backing store, about 30 bytes more for each of the
 * millions of relations of a large corpus.
 */
function relationRecord(id: string, type: string, sourceId: string, targetId: string, found: ExtractedRelation, chunkId: string, documentId: string, recording: DocumentRecording | undefined): Relation {
  const evidence = found.evidence;
  const { start, end } = found.span;
  const weight = relationWeight(type, found.basis);
  const validFrom = found.validFrom ?? null;
  const validTo = found.validTo ?? null;
  if (!recording) return { id, type, sourceId, targetId, evidence, chunkId, documentId, start, end, weight, validFrom, validTo };
  const documentVersion = recording.version;
  const recordedAt = recording.recordedAt;
  if (!recordedAt) return { id, type, sourceId, targetId, evidence, chunkId, documentId, start, end, weight, validFrom, validTo, documentVersion };
  return { id, type, sourceId, targetId, evidence, chunkId, documentId, start, end, weight, validFrom, validTo, documentVersion, recordedAt };
}

function buildEntity(members: NameStatistics[], typeOrder: string[]): Entity {
  const votes = new Map<string, number>();
  const surfaces = new Map<string, number>();
  let occurrences = 0;
  for (const member of members) {
    member.typeVotes.forEach((weight, type) => votes.set(type, (votes.get(type) ?? 0) + weight));
    member.surfaces.forEach((count, surface) => surfaces.set(surface, (surfaces.get(surface) ?? 0) + count));
    occurrences += member.occurrences;
  }
  const fullnessOf = new Map(members.map((member) => [member, fullness(member)]));
  const fullest = firstInOrder(members, (left, right) => (fullnessOf.get(right) as number) - (fullnessOf.get(left) as number) || left.key.localeCompare(right.key)) as NameStatistics;
  const name = firstInOrder([...fullest.surfaces], (left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))?.[0] ?? fullest.key;
  const aliases = [...surfaces.keys()].filter((surface) => surface !== name).sort();
  return { id: stableId('ent', fullest.key), type: winningType(votes, typeOrder), name, aliases, description: mergeDescriptions(members.flatMap((member) => member.descriptions)), mentionCount: occurrences };
}

const MAX_DESCRIPTION_CHARACTERS = 400;

/** Joins the distinct descriptions of an entity's names, within about 400 characters. */
function mergeDescriptions(descriptions: string[]): string {
  let merged = '';
  for (const description of [...new Set(descriptions)]) {
    const next = joinDescriptions(merged, description);
    if (next.length > MAX_DESCRIPTION_CHARACTERS && merged) break;
    merged = next.slice(0, MAX_DESCRIPTION_CHARACTERS);
  }
  return merged;
}

function fullness(statistics: NameStatistics): number {
  const words = statistics.key.split(' ');
  const initials = words.filter((word) => word.length === 1).length;
  return (words.length - initials) * 1000 + statistics.occurrences;
}

/**
 * A typed relation votes for the only type its edge allows at an end. (Half votes for each of two
 * allowed types were tried: no development set gained and a held-out set lost.)
 */
function addRelationImpliedVotes(extractions: ChunkExtraction[], names: Map<string, NameStatistics>, schema: GraphSchema): void {
  const edges = new Map(schema.edgeTypes.map((edge) => [edge.name, edge]));
  for (const extraction of extractions) {
    for (const relation of extraction.relations) {
      const edge = edges.get(relation.type);
      if (!edge) continue;
      const sides: Array<[string, string[]]> = [[relation.source, edge.source], [relation.target, edge.target]];
      for (const [name, allowed] of sides) {
        const statistics = names.get(normaliseName(name));
        if (!statistics || allowed.length !== 1) continue;
        statistics.typeVotes.set(allowed[0] as string, (statistics.typeVotes.get(allowed[0] as string) ?? 0) + 1);
      }
    }
  }
}

function resolveRelations(extractions: ChunkExtraction[], entityByKey: Map<string, Entity>, schema: GraphSchema, documentOfChunk: Map<string, string>, recordings: ReadonlyMap<string, DocumentRecording>): Relation[] {
  const edges = new Map(schema.edgeTypes.map((edge) => [edge.name, edge]));
  const byId = new Map<string, Relation>();
  for (const extraction of extractions) {
    for (const found of extraction.relations) {
      const source = entityByKey.get(normaliseName(found.source));
      const target = entityByKey.get(normaliseName(found.target));
      if (!source || !target || source.id === target.id) continue;
      const edge = edges.get(found.type);
      const fits = edge !== undefined && edge.source.includes(source.type) && edge.target.includes(target.type);
      const type = fits ? found.type : COOCCURRENCE_EDGE_TYPE;
      const [from, to] = type === COOCCURRENCE_EDGE_TYPE && source.id > target.id ? [target, source] : [source, target];
      const id = relationIdOf(found, type, from.id, to.id, extraction.chunkId, found.span.start);
      const existing = byId.get(id);
      if (existing && existing.type !== COOCCURRENCE_EDGE_TYPE) continue;
      const documentId = documentOfChunk.get(extraction.chunkId) ?? '';
      byId.set(id, relationRecord(id, type, from.id, to.id, found, extraction.chunkId, documentId, recordings.get(documentId)));
    }
  }
  const compareIds = idOrderFor(byId.keys());
  return [...byId.values()].sort((left, right) => compareIds(left.id, right.id));
}

/**
 * The id each extracted relation was last given, with the parts it was hashed from: an index run
 * re-resolves every chunk, mostly those of the run before (the same extraction objects when the
 * store kept them, see GraphStore.readStoredChunks), and hashes again only the relations whose
 * parts changed. The id is stableId's of the same parts, so parts unchanged means the id unchanged.
 * The parts are kept as the strings they already are (a joined copy of them, one for each of the
 * millions of extracted relations of a large corpus, held about half a gigabyte at 100k passages).
 */
interface RelationIdParts {
  type: string;
  sourceId: string;
  targetId: string;
  chunkId: string;
  start: number;
  id: string;
}
let relationIds = new WeakMap<ExtractedRelation, RelationIdParts>();
let relationIdsKept = 0;
/**
 * A memory bound, not a tuning: when the memo holds this many ids it starts again. Its entries live
 * as long as the extractions they are keyed by, that is through every later stage of the run: at
 * 100k passages (about 2.5 million relations) a memo of every one held about a quarter of a
 * gigabyte through the store stage, for a saving only a second run in the same process sees.
 */
const RELATION_IDS_KEPT = 250_000;

function relationIdOf(found: ExtractedRelation, type: string, sourceId: string, targetId: string, chunkId: string, start: number): string {
  const known = relationIds.get(found);
  if (known !== undefined && known.type === type && known.sourceId === sourceId && known.targetId === targetId && known.chunkId === chunkId && known.start === start) return known.id;
  const id = stableId('rel', type, sourceId, targetId, chunkId, start);
  if (known === undefined && relationIdsKept >= RELATION_IDS_KEPT) {
    relationIds = new WeakMap();
    relationIdsKept = 0;
  }
  if (known === undefined) relationIdsKept += 1;
  relationIds.set(found, { type, sourceId, targetId, chunkId, start, id });
  return id;
}

/** Typed relations weigh 1, names of one sentence 0.5, a name under a document's title or beside a neighbouring sentence's names 0.25. */
function relationWeight(type: string, basis: ExtractedRelation['basis']): number {
  if (basis === 'title' || basis === 'neighbour' || basis === 'list') return 0.25;
  return type === COOCCURRENCE_EDGE_TYPE ? 0.5 : 1;
}

/** One mention per chunk and entity, with how many of the chunk's extracted names resolve to it; in order of first mention. */
function resolveMentions(extractions: ChunkExtraction[], entityByKey: Map<string, Entity>): Mention[] {
  const mentions: Mention[] = [];
  const chunksSeen = new Set<string>();
  for (const extraction of extractions) {
    // A chunk's mentions are counted together: by entity within the chunk, no chunk-and-entity key joined for each.
    const counted = chunksSeen.has(extraction.chunkId) ? mentions.filter((mention) => mention.chunkId === extraction.chunkId) : [];
    chunksSeen.add(extraction.chunkId);
    const ofChunk = new Map(counted.map((mention) => [mention.entityId, mention]));
    for (const entity of extraction.entities) {
      const resolved = entityByKey.get(normaliseName(entity.name));
      if (!resolved) continue;
      let mention = ofChunk.get(resolved.id);
      if (!mention) {
        mention = { chunkId: extraction.chunkId, entityId: resolved.id, count: 0 };
        ofChunk.set(resolved.id, mention);
        mentions.push(mention);
      }
      mention.count += 1;
    }
  }
  return mentions;
}

