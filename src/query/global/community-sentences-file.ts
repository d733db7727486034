import { pack, packLists, unpack, unpackLists } from '../../core/packed-file.js';
import type { DerivedFileKind } from '../kept-or-made.js';
import type { CommunityFinding } from '../../core/records.js';
import type { CommunitySentence } from './community-sentences.js';

/** The sentences global search reads: each community's, and what no community covers. */
export interface CommunityReading {
  /** Each community's sentences, by community id (see collectCommunitySentences). */
  sentences: Map<string, CommunitySentence[]>;
  /** The sentences of chunks no community reads, and the entities no community holds (by id) with the first sentence naming each. */
  outside: { sentences: CommunitySentence[]; entities: Array<{ entityId: string; evidence: CommunityFinding | undefined }> };
  /** The counts of `sentenceStemCounts`, when read back from a kept file (counted there from the numbered stems). */
  stemCounts?: SentenceStemCounts;
}

/** Stem → how many sentences hold it, and how many sentences there are: each distinct sentence of the communities once, then each outside sentence. */
export interface SentenceStemCounts {
  frequency: Map<string, number>;
  sentences: number;
}

/** The idf counts of the map step (a sentence several communities list is one object, counted once). */
export function sentenceStemCounts({ sentences, outside }: CommunityReading): SentenceStemCounts {
  const frequency = new Map<string, number>();
  const seen = new Set<CommunitySentence>();
  for (const list of sentences.values()) {
    for (const sentence of list) {
      if (seen.has(sentence)) continue;
      seen.add(sentence);
      for (const stem of sentence.stems) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
    }
  }
  for (const sentence of outside.sentences) for (const stem of sentence.stems) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  return { frequency, sentences: seen.size + outside.sentences.length };
}

/** Bump when the layout below, or how sentences are read (see collectCommunitySentences and outsideCommunities), changes: a file of another layout is not read. */
const LAYOUT = 2;

interface Header {
  layout: number;
  communityIds: string[];
  /** The entities no community holds, each with its evidence (null for none). */
  outsideEntities: Array<[entityId: string, evidence: CommunityFinding | null]>;
  /** Each chunk whose sentences are held: its id and its document's. */
  chunks: Array<[chunkId: string, documentId: string]>;
  /** Every held sentence's text, chunk by chunk. */
  texts: string[];
  /** The stems the sentences hold, numbered by position. */
  stems: string[];
}

/**
 * What global search reads as a packed file: each chunk's sentences once (text, span, numbered
 * stems), however many communities read it, each community's chunks in order, then the chunks of the
 * sentences outside every community as one more list. Read back, a sentence several communities list
 * is again one object.
 */
function encodeCommunityReading({ sentences, outside }: CommunityReading): Uint8Array {
  const header: Header = {
    layout: LAYOUT,
    communityIds: [...sentences.keys()],
    outsideEntities: outside.entities.map(({ entityId, evidence }) => [entityId, evidence ?? null]),
    chunks: [],
    texts: [],
    stems: [],
  };
  const chunkPositions = new Map<string, number>();
  const stemNumbers = new Map<string, number>();
  const sentencesOfChunk: number[][] = [];
  const spans: number[] = [];
  const stemsOfSentence: number[][] = [];
  const chunksOfCommunity: number[][] = [];
  const numberOf = (stem: string): number => {
    let number = stemNumbers.get(stem);
    if (number === undefined) {
      number = header.stems.push(stem) - 1;
      stemNumbers.set(stem, number);
    }
    return number;
  };
  for (const list of [...sentences.values(), outside.sentences]) {
    const positions: number[] = [];
    for (let at = 0; at < list.length; ) {
      const { chunkId, documentId } = (list[at] as CommunitySentence).finding;
      let end = at;
      while (end < list.length && (list[end] as CommunitySentence).finding.chunkId === chunkId) end += 1;
      let position = chunkPositions.get(chunkId);
      if (position === undefined) {
        position = header.chunks.length;
        chunkPositions.set(chunkId, position);
        header.chunks.push([chunkId, documentId]);
        const held: number[] = [];
        for (const { finding, stems } of list.slice(at, end)) {
          held.push(header.texts.length);
          header.texts.push(finding.text);
          spans.push(finding.span.start, finding.span.end);
          stemsOfSentence.push([...stems].map(numberOf));
        }
        sentencesOfChunk.push(held);
      }
      positions.push(position);
      at = end;
    }
    chunksOfCommunity.push(positions);
  }
  return pack(header, [...packLists(sentencesOfChunk), Int32Array.from(spans), ...packLists(stemsOfSentence), ...packLists(chunksOfCommunity)]);
}

function decodeCommunityReading(bytes: Uint8Array | null): CommunityReading | null {
  const unpacked = unpack(bytes);
  const header = unpacked?.header as Header | undefined;
  if (!unpacked || header?.layout !== LAYOUT || unpacked.arrays.length !== 7) return null;
  const { communityIds, outsideEntities, chunks, texts, stems } = header;
  if (![communityIds, outsideEntities, chunks, texts, stems].every(Array.isArray)) return null;
  const [sentenceOffsets, sentenceItems, spans, stemOffsets, stemItems, chunkOffsets, chunkItems] = unpacked.arrays;
  const sentencesOfChunk = unpackLists(sentenceOffsets, sentenceItems, texts.length);
  const stemsOfSentence = unpackLists(stemOffsets, stemItems, stems.length);
  const chunksOfCommunity = unpackLists(chunkOffsets, chunkItems, chunks.length);
  if (!sentencesOfChunk || !stemsOfSentence || !chunksOfCommunity || !(spans instanceof Int32Array)) return null;
  if (sentencesOfChunk.length !== chunks.length || stemsOfSentence.length !== texts.length || spans.length !== 2 * texts.length || chunksOfCommunity.length !== communityIds.length + 1) return null;
  const read = chunks.map(([chunkId, documentId], position) =>
    (sentencesOfChunk[position] as number[]).map((sentence): CommunitySentence => ({
      finding: { text: texts[sentence] as string, chunkId, documentId, span: { start: spans[2 * sentence] as number, end: spans[2 * sentence + 1] as number } },
      stems: new Set((stemsOfSentence[sentence] as number[]).map((stem) => stems[stem] as string)),
    })),
  );
  const listed = (position: number) => (chunksOfCommunity[position] as number[]).flatMap((chunk) => read[chunk] as CommunitySentence[]);
  return {
    sentences: new Map(communityIds.map((id, position) => [id, listed(position)])),
    outside: { sentences: listed(communityIds.length), entities: outsideEntities.map(([entityId, evidence]) => ({ entityId, evidence: evidence ?? undefined })) },
    stemCounts: countNumberedStems(stems, sentencesOfChunk, stemsOfSentence, chunksOfCommunity),
  };
}

/** `sentenceStemCounts` over the numbered stems, as the file holds them (the last list of chunks is the outside one), without a set per sentence. */
function countNumberedStems(stems: readonly string[], sentencesOfChunk: readonly number[][], stemsOfSentence: readonly number[][], chunksOfCommunity: readonly number[][]): SentenceStemCounts {
  const counts = new Int32Array(stems.length);
  const counted = new Uint8Array(stemsOfSentence.length);
  let sentences = 0;
  const count = (sentence: number) => {
    sentences += 1;
    for (const stem of stemsOfSentence[sentence] as number[]) counts[stem] = (counts[stem] as number) + 1;
  };
  chunksOfCommunity.forEach((chunks, position) => {
    const outside = position === chunksOfCommunity.length - 1;
    for (const chunk of chunks) {
      for (const sentence of sentencesOfChunk[chunk] as number[]) {
        if (outside) count(sentence);
        else if (!counted[sentence]) {
          counted[sentence] = 1;
          count(sentence);
        }
      }
    }
  });
  const frequency = new Map<string, number>();
  counts.forEach((value, stem) => {
    if (value > 0) frequency.set(stems[stem] as string, value);
  });
  return { frequency, sentences };
}

/** The sentences global search reads, kept beside a store. */
export const COMMUNITY_SENTENCES_FILE: DerivedFileKind<CommunityReading> = { name: 'community-sentences', encode: encodeCommunityReading, decode: decodeCommunityReading };
