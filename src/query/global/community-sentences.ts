import { splitSentences } from '../../chunking/sentences.js';
import type { Community, CommunityFinding } from '../../core/records.js';
import type { ChunkText } from '../../graph/store.js';
import type { EntityIndex } from '../graph-index.js';
import { detectLanguage } from '../../ingest/detect-language.js';
import { contentStems } from '../../text/content-stems.js';
import { TopItems } from '../../core/top-items.js';

/** A sentence of a community's source chunks, prepared for matching. */
export interface CommunitySentence {
  finding: CommunityFinding;
  stems: Set<string>;
}

const CHUNKS_PER_COMMUNITY = 40;

/**
 * For each community, the sentences of the chunks that mention its members (the chunks naming
 * the most members first, at most 40): the text a map step reads to say what the community
 * tells about a question.
 */
export function collectCommunitySentences(communities: Community[], index: EntityIndex, chunks: ChunkText[]): Map<string, CommunitySentence[]> {
  const sentencesFor = sentenceReader(chunks);
  const result = new Map<string, CommunitySentence[]>();
  for (const community of communities) {
    const counts = new Map<string, number>();
    for (const memberId of community.memberIds) {
      for (const chunkIndex of index.chunksOfEntity.get(index.entityIndexById.get(memberId) ?? -1)) {
        const chunkId = index.chunkIds[chunkIndex] as string;
        counts.set(chunkId, (counts.get(chunkId) ?? 0) + 1);
      }
    }
    const chosen = new TopItems<[string, number]>(CHUNKS_PER_COMMUNITY, (left, right) => right[1] - left[1] || left[0].localeCompare(right[0]));
    for (const entry of counts) chosen.offer(entry);
    result.set(community.id, chosen.items.flatMap(([chunkId]) => sentencesFor(chunkId)));
  }
  return result;
}

/** Reads a chunk's sentences by chunk id, each chunk once (none for an unknown id). */
export function sentenceReader(chunks: ChunkText[]): (chunkId: string) => CommunitySentence[] {
  const chunkById = new Map(chunks.map((chunk) => [chunk.id, chunk]));
  const sentencesOfChunk = new Map<string, CommunitySentence[]>();
  return (chunkId) => {
    let sentences = sentencesOfChunk.get(chunkId);
    if (!sentences) {
      const chunk = chunkById.get(chunkId);
      sentences = chunk ? chunkSentences(chunk) : [];
      sentencesOfChunk.set(chunkId, sentences);
    }
    return sentences;
  };
}

/** The sentences of one chunk, as findings with their stems. */
function chunkSentences(chunk: ChunkText): CommunitySentence[] {
  return splitSentences(chunk.text, detectLanguage(chunk.text)).map((sentence) => ({
    finding: { text: sentence.text, chunkId: chunk.id, documentId: chunk.documentId, span: { start: chunk.start + sentence.start, end: chunk.start + sentence.end } },
    stems: new Set(contentStems(sentence.text)),
  }));
}
