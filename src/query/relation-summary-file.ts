import type { RelationSummary } from './relation-summary.js';
import { allBelow, pack, packStrings, unpack, unpackStrings } from '../core/packed-file.js';
import { keyOrder, PackedCounts, SortedKeys, type StringList } from './index-lookups.js';
import { idsKey } from './ids-key.js';

/** The name a relation summary is kept under among a store's derived files. */
export const RELATION_SUMMARY_FILE = 'relation-summary';

/** Bump when the layout below changes: a file of another layout is not read. */
const LAYOUT = 5;

interface Header {
  layout: number;
  /** The entity ids, in the order the edges' ends number them, hashed: a summary is read only for the same entities in the same order. */
  entities: string;
  /** How many relations the layer held (as the store counted them when the summary was made). */
  relationCount: number;
  evidenceCount: number;
  latestStart: string;
}

/** A relation summary kept with the number of relations the layer held. */
export interface KeptRelationSummary {
  summary: RelationSummary;
  relationCount: number;
}

/**
 * A relation summary as a packed file: counts and the latest start in its header; the edges' sources, targets and
 * weights as arrays; the evidence stems as one run of text cut by lengths, with their counts and their sorted order,
 * so a stem's count is found by halving instead of through a map of every stem built on reading.
 */
export function encodeRelationSummary({ summary, relationCount }: KeptRelationSummary, entityIds: StringList): Uint8Array {
  const header: Header = {
    layout: LAYOUT,
    entities: idsKey(entityIds),
    relationCount,
    evidenceCount: summary.evidenceCount,
    latestStart: summary.latestStart,
  };
  const stems: string[] = [];
  const counts: number[] = [];
  for (const [stem, count] of summary.evidenceFrequency.entries()) {
    stems.push(stem);
    counts.push(count);
  }
  return pack(header, [summary.edgeSources, summary.edgeTargets, summary.edgeWeights, ...packStrings(stems), Int32Array.from(counts), keyOrder(stems)]);
}

/** The summary the bytes hold, or null when they are not a whole summary of this layout whose edges number `entityIds`. */
export function decodeRelationSummary(bytes: Uint8Array | null, entityIds: StringList): KeptRelationSummary | null {
  const unpacked = unpack(bytes);
  if (unpacked === null) return null;
  const header = unpacked.header as Header;
  const [edgeSources, edgeTargets, edgeWeights, stemBytes, stemLengths, counts, stemOrder] = unpacked.arrays;
  if (header?.layout !== LAYOUT || !Number.isInteger(header.relationCount) || header.entities !== idsKey(entityIds) || unpacked.arrays.length !== 7) return null;
  if (!(edgeSources instanceof Int32Array && edgeTargets instanceof Int32Array && edgeWeights instanceof Float64Array)) return null;
  const edgeCount = edgeSources.length;
  if (edgeTargets.length !== edgeCount || edgeWeights.length !== edgeCount) return null;
  if (!allBelow(edgeSources, entityIds.length) || !allBelow(edgeTargets, entityIds.length)) return null;
  const stems = unpackStrings(stemBytes, stemLengths);
  const sortedStems = stems ? SortedKeys.fromFile(stems, stemOrder) : null;
  if (!stems || !sortedStems || !(counts instanceof Int32Array && counts.length === stems.length)) return null;
  const evidenceFrequency = new PackedCounts(sortedStems, counts);
  const summary = { edgeSources, edgeTargets, edgeWeights, evidenceFrequency, evidenceCount: header.evidenceCount, latestStart: header.latestStart };
  return { summary, relationCount: header.relationCount };
}
