import { hash } from 'node:crypto';
import type { RelationSummary } from './relation-summary.js';

/** The name a relation summary is kept under among a store's derived files. */
export const RELATION_SUMMARY_FILE = 'relation-summary';

/** Bump when the layout below changes: a file of another layout is not read. */
const LAYOUT = 1;

interface Header {
  layout: number;
  /** The entity ids, in the order the edges' ends number them, hashed: a summary is read only for the same entities in the same order. */
  entities: string;
  edgeCount: number;
  evidenceCount: number;
  latestStart: string;
  evidenceFrequency: Array<[string, number]>;
}

/**
 * A relation summary as bytes: a 4-byte header length, the header (JSON: counts, the latest start and
 * the evidence-word counts), padding to 8 bytes, then the edges' sources and targets (Int32) and
 * weights (Float64), little-endian as typed arrays are on every platform Node runs on.
 */
export function encodeRelationSummary(summary: RelationSummary, entityIds: readonly string[]): Uint8Array {
  const header: Header = {
    layout: LAYOUT,
    entities: entitiesKey(entityIds),
    edgeCount: summary.edgeSources.length,
    evidenceCount: summary.evidenceCount,
    latestStart: summary.latestStart,
    evidenceFrequency: [...summary.evidenceFrequency],
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const edgesAt = align8(4 + headerBytes.length);
  const edgeCount = summary.edgeSources.length;
  const bytes = new Uint8Array(edgesAt + edgeCount * (4 + 4 + 8));
  new DataView(bytes.buffer).setUint32(0, headerBytes.length, true);
  bytes.set(headerBytes, 4);
  bytes.set(new Uint8Array(summary.edgeSources.buffer, summary.edgeSources.byteOffset, edgeCount * 4), edgesAt);
  bytes.set(new Uint8Array(summary.edgeTargets.buffer, summary.edgeTargets.byteOffset, edgeCount * 4), edgesAt + edgeCount * 4);
  bytes.set(new Uint8Array(summary.edgeWeights.buffer, summary.edgeWeights.byteOffset, edgeCount * 8), edgesAt + edgeCount * 8);
  return bytes;
}

/** The summary the bytes hold, or null when they are not a whole summary of this layout whose edges number `entityIds`. */
export function decodeRelationSummary(bytes: Uint8Array | null, entityIds: readonly string[]): RelationSummary | null {
  if (bytes === null || bytes.length < 4) return null;
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.length).getUint32(0, true);
  if (4 + headerLength > bytes.length) return null;
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength))) as Header;
  } catch {
    return null;
  }
  const edgesAt = align8(4 + headerLength);
  const edgeCount = header.edgeCount;
  if (header.layout !== LAYOUT || !Number.isInteger(edgeCount) || bytes.length !== edgesAt + edgeCount * 16 || header.entities !== entitiesKey(entityIds)) return null;
  const entityCount = entityIds.length;
  // Copied into a buffer of their own, aligned for the typed arrays (a Buffer read from a file may be a view into a shared pool).
  const edges = new Uint8Array(bytes.length - edgesAt);
  edges.set(bytes.subarray(edgesAt));
  const edgeSources = new Int32Array(edges.buffer, 0, edgeCount);
  const edgeTargets = new Int32Array(edges.buffer, edgeCount * 4, edgeCount);
  const edgeWeights = new Float64Array(edges.buffer, edgeCount * 8, edgeCount);
  for (let edge = 0; edge < edgeCount; edge++) {
    const source = edgeSources[edge] as number;
    const target = edgeTargets[edge] as number;
    if (source < 0 || source >= entityCount || target < 0 || target >= entityCount) return null;
  }
  return { edgeSources, edgeTargets, edgeWeights, evidenceFrequency: new Map(header.evidenceFrequency), evidenceCount: header.evidenceCount, latestStart: header.latestStart };
}

function entitiesKey(entityIds: readonly string[]): string {
  return `${entityIds.length}:${hash('sha256', entityIds.join('\n'))}`;
}

function align8(offset: number): number {
  return Math.ceil(offset / 8) * 8;
}
