import type { Citation, CommunityFinding } from '../core/records.js';
import type { RetrievalContext } from '../core/retrieval-context.js';
import { citeChunk } from './cite-chunk.js';

/** Adds a chunk citation for a finding (once per chunk) and returns its marker number. */
export function citeFinding(finding: CommunityFinding, citations: Citation[], context: RetrievalContext): number {
  const existing = citations.findIndex((citation) => citation.id === finding.chunkId);
  if (existing >= 0) return existing + 1;
  const source = context.chunks.find((item) => item.chunk.id === finding.chunkId)?.chunk ?? context.citedSources?.get(finding.chunkId);
  citations.push(source ? citeChunk({ ...source, id: finding.chunkId }, finding.span) : { kind: 'chunk', id: finding.chunkId, label: finding.documentId, span: finding.span });
  return citations.length;
}
